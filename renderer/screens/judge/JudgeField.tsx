/**
 * One labelled text box of the judge's phone (a judge's name, a note, a reason, a length): the label
 * above a thumb-sized input, and whatever goes under it (quick picks) as children. Every panel's
 * boxes look and behave the same.
 */
import type { HTMLAttributes, ReactNode } from 'react';

export function JudgeField({ id, label, value, onChange, testId, placeholder, maxLength = 500, autoComplete = 'off', inputMode, className, children }: {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  testId: string;
  placeholder?: string;
  maxLength?: number;
  autoComplete?: 'off' | 'name';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Beside judge-input, e.g. judge-length. */
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className="judge-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={className ? `judge-input ${className}` : 'judge-input'}
        autoComplete={autoComplete}
        maxLength={maxLength}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...(inputMode ? { inputMode } : {})}
        {...(placeholder !== undefined ? { placeholder } : {})}
        data-testid={testId}
      />
      {children}
    </div>
  );
}
