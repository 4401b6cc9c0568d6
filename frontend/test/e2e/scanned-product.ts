import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startProductUnderTest, waitForMcpSites, type ProductUnderTest } from './product-under-test';

/** What most browser suites start with: the product on a 60-site simulated web with its first MCP sites found, and Chromium. */
export async function openScannedProduct(sites = 60): Promise<{ product: ProductUnderTest; browser: Browser }> {
  const product = await startProductUnderTest({ sites });
  try {
    const browser = await launchBrowser();
    await waitForMcpSites(product);
    return { product, browser };
  } catch (err) {
    await product.stop();
    throw err;
  }
}

/** Closes what openScannedProduct started; either may be unset when the start failed. */
export async function closeScannedProduct(product: ProductUnderTest | undefined, browser: Browser | undefined): Promise<void> {
  await browser?.close();
  await product?.stop();
}
