import { useEffect } from 'react';
import { PRODUCT_NAME } from '@mcp-census/schemas/product';

/** Names the browser tab after the page, so history and screen readers tell pages apart. */
export function useDocumentTitle(page: string | undefined): void {
  useEffect(() => {
    document.title = page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [page]);
}
