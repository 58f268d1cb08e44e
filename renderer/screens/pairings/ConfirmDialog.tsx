/**
 * The one modal the Pairings screen uses: publishing a pairing (UX.md: modals only for steps that
 * are not routine). Enter confirms (the confirm button has the focus), Esc cancels.
 */
import { useEffect, useRef, type ReactNode } from 'react';

export function ConfirmDialog({ title, children, confirm, onConfirm, onCancel, busy }: {
  title: string;
  children: ReactNode;
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
  }, []);
  return (
    <div
      className="overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby="confirm-title"
      data-testid="confirm-dialog"
      onClick={onCancel}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <div className="overlay-panel confirm-panel" onClick={(e) => e.stopPropagation()}>
        <h2 id="confirm-title">{title}</h2>
        <div className="confirm-body">{children}</div>
        <div className="toolbar">
          <button ref={button} type="button" className="primary" onClick={onConfirm} disabled={busy}>
            {confirm}
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
