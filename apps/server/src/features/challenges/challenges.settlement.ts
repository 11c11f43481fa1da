import type { FastifyInstance } from 'fastify';
import { settleDue } from './challenges.service';

/** How often ended challenges are looked for: winners hear within this of the end. */
export const PRIZE_SETTLEMENT_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Gives the prizes of every challenge that has ended and not given them yet. Reads settle a
 * challenge too (the first to find it over), but a challenge nobody opens after its end would
 * otherwise keep its winners waiting for their badge and notification. Every node may run this
 * at once: `settleIfDue` locks the challenge's row, so a prize is given exactly once.
 */
export async function settlePrizes(app: FastifyInstance): Promise<void> {
  await settleDue(app.ctx);
}

/** Settles now (a challenge that ended while the app was down) and every interval after. */
export function startPrizeSettlement(app: FastifyInstance): void {
  const run = () => {
    settlePrizes(app).catch((err: unknown) =>
      app.log.warn({ err }, 'could not give the prizes of ended challenges'),
    );
  };
  const first = setTimeout(run, 0);
  const timer = setInterval(run, PRIZE_SETTLEMENT_INTERVAL_MS);
  first.unref();
  timer.unref();
  app.addHook('onClose', () => {
    clearTimeout(first);
    clearInterval(timer);
    return Promise.resolve();
  });
}
