/**
 * Every job: its name (`<module>.<what>`, also its queue's) and what it carries. `JobQueue.send` and
 * `define` are checked against it, as `publish` is against DomainEvents. Payloads are ids, never
 * rows: a job reads what it needs when it runs. A scheduled job carries nothing (pg-boss sends `{}`).
 */
export interface Jobs {
  /** Who viewed which car on days gone, dropped (modules/listing-stats/listing-stats.jobs.ts). */
  'listing-stats.prune': Scheduled;
  /** Every car's market value fitted again (modules/market-value/market-value.jobs.ts). */
  'market-value.refit': Scheduled;
  /** One user's notifications waiting to be e-mailed (modules/notifications/notification-emails.ts). */
  'notifications.email': { userId: string };
  'notifications.email-sweep': Scheduled;
  /** A pending refund, made with the payment provider (modules/payments/refunds.service.ts). */
  'payments.refund': { refundId: string };
  'payments.refund-sweep': Scheduled;
  /** An open offer's lapse, due at `expiresAt` unless a move came since (modules/offers/offers.service.ts). */
  'offers.expire': { offerId: string; expiresAt: string };
  /**
   * An accepted offer's reservation lapses at `reservedUntil` unless its buyer confirmed the purchase
   * or the reservation ended first (modules/offers/offers.service.ts).
   */
  'offers.lapse': { offerId: string; reservedUntil: string };
  /** A committed inventory import, applied in chunks from where it stopped (modules/inventory-import/inventory-import.job.ts). */
  'inventory-import.run': { importId: string };
  'photos.cleanup': Scheduled;
  /** A car just posted, matched against the saved searches (modules/saved-searches/saved-search-alerts.ts). */
  'saved-searches.match': { carId: string };
  /**
   * Cars whose deal rating a refit set or changed, matched against the saved searches that filter by
   * rating (modules/saved-searches/saved-search-alerts.ts).
   */
  'saved-searches.match-rated': { carIds: string[] };
  'saved-searches.digest': Scheduled;
  'rate-limits.sweep': Scheduled;
}

/** What a scheduled job carries: nothing. */
export type Scheduled = Record<string, never>;

export type JobName = keyof Jobs;
