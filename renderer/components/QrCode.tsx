/**
 * A QR code drawn as SVG (the `qrcode` package computes the symbol; React draws its dark modules
 * as one path): crisp at any size, printable, and nothing inline for the CSP. Always dark on white
 * with the quiet zone phones need, whatever the theme.
 */
import { useMemo } from 'react';
import { create } from 'qrcode';

/** White modules around the symbol: the quiet zone of ISO/IEC 18004 (4 modules). */
export const QUIET_ZONE = 4;

/** The symbol's dark modules as an SVG path in module units, rows merged into runs; and its size. */
export function qrPath(text: string): { d: string; size: number } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  let d = '';
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && modules.get(row, col)) col++;
      d += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h${start - col}z`;
    }
  }
  return { d, size };
}

export function QrCode({ text, label, size = 176, className }: { text: string; label: string; size?: number; className?: string }) {
  const symbol = useMemo(() => qrPath(text), [text]);
  const side = symbol.size + 2 * QUIET_ZONE;
  return (
    <svg
      className={className ? `qr-code ${className}` : 'qr-code'}
      viewBox={`0 0 ${side} ${side}`}
      width={size}
      height={size}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#ffffff" />
      <path d={symbol.d} fill="#000000" />
    </svg>
  );
}
