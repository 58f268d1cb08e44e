/**
 * A rule set's text as elements (core/rulesets/presentation.ts RichText): names isolated (<bdi>,
 * components/Name.tsx), bold numbers, values raised to their minimum.
 */
import { Fragment } from 'react';
import type { RichText, Segment } from '../../core/rulesets/ruleset.js';
import { Name } from '../components/Name.js';

function piece(segment: Segment, key: number) {
  if (typeof segment === 'string') return <Fragment key={key}>{segment}</Fragment>;
  if ('name' in segment) return segment.strong ? <strong key={key}><Name>{segment.name}</Name></strong> : <Name key={key}>{segment.name}</Name>;
  if ('strong' in segment) return <strong key={key}>{segment.strong}</strong>;
  return (
    <span key={key} className="raised">
      {segment.raised}
    </span>
  );
}

export function Rich({ text }: { text: RichText }) {
  return <>{text.map(piece)}</>;
}

/** The text alone (for a title or a label read aloud). */
export function plainText(text: RichText): string {
  return text.map((s) => (typeof s === 'string' ? s : 'name' in s ? s.name : 'strong' in s ? s.strong : s.raised)).join('');
}
