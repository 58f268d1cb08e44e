/**
 * What the player page loads after its first screen, in one small file: the published standings and
 * the bracket (their tabs) and the "This is me" form (claiming with a personal code). One file
 * rather than two keeps the page's code in as few pieces as before (each piece costs a request and
 * the bundler's shared runtime).
 */
export { Bracket, Standings } from './Published.js';
export { claimFromCard, ClaimStep, sendClaim } from './Claim.js';
