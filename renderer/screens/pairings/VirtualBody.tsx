/**
 * A table body that draws only the rows near the window's scroll position once a list is long
 * (UX.md "Lists of thousands are virtualised"): spacer rows keep the scroll height right. Short
 * lists render every row (and so do tests in jsdom, whose events are small).
 */
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Lists longer than this are virtualised. */
export const VIRTUAL_FROM = 200;

export type Measure = (element: Element | null) => void;

function Virtual<T>({ items, estimate, colSpan, row }: { items: readonly T[]; estimate: number; colSpan: number; row: (item: T, index: number, measure: Measure) => ReactNode }) {
  const body = useRef<HTMLTableSectionElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const top = body.current ? body.current.getBoundingClientRect().top + window.scrollY : 0;
    if (Math.abs(top - margin) > 1) setMargin(top);
  });
  const virtualizer = useWindowVirtualizer({ count: items.length, estimateSize: () => estimate, overscan: 16, scrollMargin: margin });
  const visible = virtualizer.getVirtualItems();
  const first = visible[0];
  const last = visible[visible.length - 1];
  const top = first ? first.start - margin : 0;
  const bottom = last ? virtualizer.getTotalSize() - (last.end - margin) : 0;
  return (
    <tbody ref={body}>
      {top > 0 && (
        <tr aria-hidden="true" className="spacer" style={{ height: top }}>
          <td colSpan={colSpan} />
        </tr>
      )}
      {visible.map((v) => row(items[v.index] as T, v.index, virtualizer.measureElement))}
      {bottom > 0 && (
        <tr aria-hidden="true" className="spacer" style={{ height: bottom }}>
          <td colSpan={colSpan} />
        </tr>
      )}
    </tbody>
  );
}

const noMeasure: Measure = () => undefined;

export function VirtualBody<T>(props: { items: readonly T[]; estimate: number; colSpan: number; row: (item: T, index: number, measure: Measure) => ReactNode }) {
  if (props.items.length < VIRTUAL_FROM) return <tbody>{props.items.map((item, i) => props.row(item, i, noMeasure))}</tbody>;
  return <Virtual {...props} />;
}
