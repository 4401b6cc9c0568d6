import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A test sequencer that starts the files known to run longest first, in the order given,
 * then the rest in vitest's own order (the longest-processing-time rule). With two workers,
 * a long file that starts last runs alone at the end while the other core waits; a fresh
 * clone has no timings, so vitest orders its files by size, and small files can be long.
 */
export function longestFirst(longest: readonly string[]): new (...args: ConstructorParameters<typeof BaseSequencer>) => BaseSequencer {
  const rank = (file: TestSpecification): number => {
    const at = longest.findIndex((suffix) => file.moduleId.endsWith(suffix));
    return at === -1 ? longest.length : at;
  };
  return class LongestFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      // Array.prototype.sort is stable: the files not listed keep vitest's order
      return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
    }
  };
}
