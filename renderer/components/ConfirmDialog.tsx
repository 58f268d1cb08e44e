/**
 * The station's one modal, for steps that are not routine (UX.md): publishing pairings, cutting to
 * the playoff, a drop after the cut. The confirm button has the focus, so Enter confirms; Esc (anywhere) cancels.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export function ConfirmDialog({ title, children, confirm, onConfirm, onCancel, busy }: {
  title: string;
  children: ReactNode;
  /** The confirm button's words ("Publish round 3"). */
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    button.current?.focus();
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCancel();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onCancel]);
  // On the page itself, not inside whatever row opened it (a table cell would lay it out as text).
  return createPortal(
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="confirm-dialog" onClick={onCancel}>
      <div className="overlay-panel confirm-panel" onClick={(e) => e.stopPropagation()}>
        <h2 id={titleId}>{title}</h2>
        <div className="confirm-body">{children}</div>
        <div className="toolbar">
          <button ref={button} type="button" className="primary" onClick={onConfirm} disabled={busy} data-testid="confirm">
            {confirm}
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
