/**
 * The text with its `index`-th task-list box ticked or unticked: `- [ ]` and `- [x]` items are
 * counted in order, outside fenced code, as remark-gfm renders them.
 */
export function toggleTask(markdown: string, index: number, checked: boolean): string {
  let seen = -1;
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      if (fenced) return line;
      const match = /^(\s*(?:[-*+]|\d+[.)])\s+)\[([ xX])\]/.exec(line);
      if (!match) return line;
      seen += 1;
      if (seen !== index) return line;
      return `${match[1]}[${checked ? 'x' : ' '}]${line.slice(match[0].length)}`;
    })
    .join('\n');
}
