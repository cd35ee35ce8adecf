/** The listing-stats feature's public surface: code outside features/listing-stats imports only this file. */
export { listingStatsQueryOptions, useListingStats } from './api/get-listing-stats.ts';
export { sellerStatsQueryOptions, useSellerStats } from './api/get-seller-stats.ts';
export { listingStatsLinesQueryOptions } from './api/list-listing-stats.ts';
export { useRecordShown, useRecordView } from './api/record-listing-activity.ts';
export { ComparisonNote } from './components/comparison-note.tsx';
export { DailyChart } from './components/daily-chart.tsx';
export { FiguresSection } from './components/figures-section.tsx';
export { FunnelChart } from './components/funnel-chart.tsx';
export { ListingPhoto, ListingStatus } from './components/listing-car.tsx';
export { ListingStatsList } from './components/listing-stats-list.tsx';
export { StatTiles } from './components/stat-tiles.tsx';
