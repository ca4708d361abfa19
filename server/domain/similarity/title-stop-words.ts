/**
 * Function words that say nothing about what a title names: left out of cluster labels and of the words two
 * titles are compared by.
 */
export const TITLE_STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be by for from how in into is it of on or our the to with your you what when why'.split(
    ' ',
  ),
);
