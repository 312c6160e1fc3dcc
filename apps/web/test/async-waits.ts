import { configure } from "@testing-library/react";

// findBy… and waitFor poll until what they wait for happens; their time limit is only a hang
// detector (decision 0048). Testing Library's default of one second failed component tests on a
// machine busy with browser tests (a picture read by FileReader, then a mutation), so it is the
// same generous limit as a test's own.
configure({ asyncUtilTimeout: 15_000 });
