/** Rows per page the asset list offers; the first is the default and stays out of the URL. */
export const pageSizes = [25, 50, 100] as const;
