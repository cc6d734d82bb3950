/** The product version shown in Help → About (kept equal to package.json by tests/unit/version.test.ts). */
export const APP_VERSION = "1.2.9";
export const PRODUCT_NAME = "Flexblock";
