import type { ComponentType } from 'react';
import type { QuestionView } from '@/lib/flows/products';
import type { QuestionViewProps } from '../viewTypes';
import { GridView } from './GridView';
import { RankingView } from './RankingView';
import { SliderView } from './SliderView';

/**
 * The component of each question view of the product table (lib/flows/products.ts). A view that
 * shows the progress itself (the slider's, in colour bands) takes the place of the screen's bar.
 */
export const QUESTION_VIEWS: Record<QuestionView, { View: ComponentType<QuestionViewProps>; ownProgress: boolean }> = {
  ranking: { View: RankingView, ownProgress: false },
  grid: { View: GridView, ownProgress: false },
  slider: { View: SliderView, ownProgress: true },
};
