/**
 * The tag of a test whose subject is what the server sends (e-mails, files, counts, JSON), not the
 * screen: it runs on the desktop only, since the phone would make the same requests again
 * (playwright.config.ts; decision 0049). Every page a tagged test clicks through is covered on the
 * phone by another test.
 */
export const ONE_SIZE = "@one-size";
