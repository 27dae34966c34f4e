/** Node flags of the server process (server-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
