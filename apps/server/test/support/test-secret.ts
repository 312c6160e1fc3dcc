/** The AUTH_SECRET of every test app, which also signs its media addresses. */
export const TEST_AUTH_SECRET = "test-secret-that-is-long-enough-for-better-auth";
