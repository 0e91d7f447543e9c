/**
 * What the reports read from the environment: the CI markers and GitHub's step-summary file.
 * They take the record `environment()` (resolve.ts) returns, which stays the only reader of process.env.
 */
type Env = Record<string, string | undefined>;

/** The file GitHub Actions shows as the job's summary, when the run is inside a GitHub job. */
export function githubStepSummary(env: Env): string | undefined {
  const v = env['GITHUB_STEP_SUMMARY'];
  return v === undefined || v === '' ? undefined : v;
}

/** A CI system (CI=true or 1, as GitHub, GitLab, CircleCI and the others set it). */
export function isCi(env: Env): boolean {
  const v = env['CI'];
  return v !== undefined && v !== '' && !/^(0|false|no)$/i.test(v);
}
