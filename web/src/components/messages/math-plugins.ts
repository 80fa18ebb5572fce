import 'katex/dist/katex.min.css';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import type { Options } from 'react-markdown';

type PluggableList = NonNullable<Options['remarkPlugins']>;

/**
 * Loaded only when a message holds math: KaTeX, its stylesheet and fonts stay out of every other
 * page. Single dollars are off because `prepareMath` has already turned real math into `$$`.
 */
export const remarkPlugins: PluggableList = [[remarkMath, { singleDollarTextMath: false }]];
export const rehypePlugins: PluggableList = [[rehypeKatex, { throwOnError: false, strict: 'ignore', output: 'htmlAndMathml' }]];
