/**
 * The compatibility layer for the old apps' calls: its route plugin, and the registry for a domain that
 * legacy does not import (curation) to add its own call. Domains legacy imports must not import it.
 */
export { READ_ONLY, registerLegacyAction } from './registry';
export { legacyRoutes } from './routes';
