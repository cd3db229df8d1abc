// Nothing here is used by other features yet: the router loads this feature's pages lazily from
// routes/, so each stays its own chunk. Anything another feature needs is exported from this file.
export {};
