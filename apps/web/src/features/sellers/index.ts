/** The sellers feature's public surface: code outside features/sellers imports only this file. */
export { sellerQueryOptions, useSeller } from './api/get-seller.ts';
export { sellerCarsForSaleQueryOptions, useSellerCarsForSale } from './api/get-seller-cars-for-sale.ts';
export { SellerHeader, SellerHeaderSkeleton } from './components/seller-header.tsx';
