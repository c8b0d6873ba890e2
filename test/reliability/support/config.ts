// Short figures for `npm test`, full ones for `npm run test:reliability` (OUTPOST_RELIABILITY=full,
// set by scripts/run-tests.mjs --full). The suites read only these numbers, so both modes run the
// same code paths.
export const FULL = process.env.OUTPOST_RELIABILITY === 'full';

export const FIGURES = FULL
  ? {
      faultDrafts: 300,
      faultRounds: 40,
      settleRounds: 30,
      crashKills: 50,
      crashDraftsPerRun: 3,
      typingKills: 12,
      loadPosts: 10_000,
      loadMs: 20_000,
      hostileCasesPerCommand: 40,
      damagePosts: 10_000,
      damageDraftsAfterCopy: 40,
      damageRuns: 20,
    }
  : {
      faultDrafts: 60,
      faultRounds: 25,
      settleRounds: 20,
      crashKills: 10,
      crashDraftsPerRun: 3,
      typingKills: 4,
      loadPosts: 2_000,
      loadMs: 5_000,
      hostileCasesPerCommand: 12,
      damagePosts: 1_000,
      damageDraftsAfterCopy: 10,
      damageRuns: 4,
    };

/** The fixed seed every suite starts from; change it to replay another run. */
export const SEED = Number(process.env.OUTPOST_RELIABILITY_SEED ?? 20261122);
