/** A copy of `set` with `item` in it or not (a checkbox list kept as a Set in React state). */
export function withMember<T>(set: ReadonlySet<T>, item: T, member: boolean): Set<T> {
  const next = new Set(set);
  if (member) next.add(item);
  else next.delete(item);
  return next;
}
