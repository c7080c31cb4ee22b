/**
 * After the drain (SHUTDOWN_DRAIN_SECONDS) the listener closes and open requests may run this long more
 * before the process exits anyway: a request that never ends must not keep an instance alive for ever. An
 * orchestrator's grace period (docker-compose.yml `stop_grace_period`) must cover both, or it kills
 * requests that were still being answered.
 */
export const IN_FLIGHT_LIMIT_SECONDS = 10
