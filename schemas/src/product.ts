/** Product identity used wherever the spec says {product}. */
export const PRODUCT_NAME = 'MCP Census';
export const PRODUCT_VERSION = '0.1.0';
