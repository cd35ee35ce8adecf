/** The sellers feature's public surface: code outside features/sellers imports only this file. */
export { sellerQueryOptions, useSeller } from './api/get-seller.ts';
export { SellerHeader, SellerHeaderSkeleton } from './components/seller-header.tsx';
