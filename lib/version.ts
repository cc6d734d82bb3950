/** The product version shown in Help → About (kept equal to package.json by tests/unit/foundation.test.ts; GET /api/health reports it). */
export const APP_VERSION = "1.2.9";
export const PRODUCT_NAME = "Flexblock";
