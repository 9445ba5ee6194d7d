/*
 * The journeys run in several jest workers at once (e2e/jest.config.js), each against a server of
 * its own (started by e2e/global-setup.ts, all serving the one site build) and with a host page
 * port of its own, so a journey that moves its server's clock or changes a provider's settings
 * affects only the journeys of its worker, which run one after another as they did in band.
 */

/** The jest worker this file runs in, from 0 (jest numbers them from 1, and is 1 in band). */
export function workerIndex(): number {
  return Math.max(0, Number(process.env.JEST_WORKER_ID ?? '1') - 1)
}
