/** The small deterministic catalogue every integration test file starts with (about 50 complexes). */
export const TEST_SCALE = 0.02;
