/** Where a store's data stands; every resource store exposes one. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';
