/** Option values the commands check beyond their type (the host's parser gives text and switches). */
import { UsageError } from './io.js';

/** The value of a required option, or "COMMAND: --NAME is required". */
export function required(command: string, name: string, value: string | undefined): string {
  if (value === undefined) throw new UsageError(`${command}: --${name} is required`);
  return value;
}

/** A whole number from `min` to `max`, or a UsageError naming the option and what it got. */
export function integerFlag(command: string, name: string, text: string, min: number, max: number): number {
  const value = /^-?\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new UsageError(`${command}: --${name} must be a whole number from ${min} to ${max} (got "${text}")`);
  return value;
}
