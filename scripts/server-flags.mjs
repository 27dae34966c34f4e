/**
 * Node flags of the server process, for `npm start` and the benches that start a server (so they measure what runs).
 * A young generation of 64 MB (V8's default is 16): a page render allocates megabytes of short-lived strings and
 * objects, and with dozens rendering at once the scavenges kept copying and promoting them; under the page bench
 * garbage collection was a tenth of the server's CPU (issue 11, docs/operations.md). Workers of SERVER_PROCESSES
 * inherit them (node:cluster forks with the primary's flags).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
