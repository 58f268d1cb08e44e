/**
 * The journal in words moved to core (core/event/describe.ts), where the command line can use it
 * too; the Event log (LogScreen.tsx) imports it from there. Kept for the imports that name this file.
 */
export { describeJournal, LOG_KINDS, type DescribedEntry, type DescribeOptions, type LogKind, type LogRow } from '../../../core/event/describe.js';
