/**
 * A name on screen — a player's, a team's, a judge's, the event's — isolated from the text around it
 * (<bdi>, direction from its own first letter): a right-to-left name followed by digits, or a name
 * an older save wrote with a direction control in it (core/model/names.ts refuses them now), cannot
 * reorder the words beside it. Names inside plain strings (toasts, titles, option labels) use
 * isolate() from lib/format.ts instead.
 */
export function Name({ children, className }: { children: string; className?: string | undefined }) {
  return <bdi className={className}>{children}</bdi>;
}
