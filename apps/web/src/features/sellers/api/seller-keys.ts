/** Query keys of the sellers feature. */
export const sellerKeys = {
  profile: (id: string) => ['sellers', id] as const,
};
