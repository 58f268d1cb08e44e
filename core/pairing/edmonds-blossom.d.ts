declare module 'edmonds-blossom-fixed' {
  /** Van Rantwijk's maximum-weight matching: edges [i, j, weight]; returns mate[v] or -1. */
  function maxWeightMatching(edges: [number, number, number][], maxCardinality?: boolean): number[];
  export = maxWeightMatching;
}
