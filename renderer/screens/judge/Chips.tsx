/**
 * A row of big buttons to pick one of a few things with a thumb (why time is given, how many
 * minutes, a common reason). The one picked is pressed; picking it again leaves it picked.
 */
export interface ChipOption {
  value: string;
  label: string;
}

export function Chips({ label, options, value, onPick, testId, className }: {
  label: string;
  options: readonly ChipOption[];
  value: string | null;
  onPick: (value: string) => void;
  testId?: string;
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={className ? `judge-chips ${className}` : 'judge-chips'} {...(testId ? { 'data-testid': testId } : {})}>
      {options.map((option) => (
        <button key={option.value} type="button" className="judge-chip" aria-pressed={value === option.value} onClick={() => onPick(option.value)}>
          {option.label}
        </button>
      ))}
    </div>
  );
}
