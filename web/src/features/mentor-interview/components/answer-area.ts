import { inputClasses } from '@/components/ui/input.tsx';

/** The answer and transcript text areas: the app's input look, tall enough for a story. */
export const answerAreaClasses = inputClasses(false, 'h-auto! min-h-44 resize-y py-3 leading-relaxed');
