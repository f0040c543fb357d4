'use client';

import { useSyncExternalStore } from 'react';
import { answerLetter, scaleMaxOf } from '@/lib/flows/questionnaire';
import { imageAspect, questionImagePath } from '@/lib/flows/questionImage';
import { autofillValue, isLocalHost, sliderItemsToMark, SLIDER_UNSET } from '@/lib/validation/slider';
import type { Question } from '@/lib/api/schemas/questionnaire';
import { QuestionBlock } from '../QuestionBlock';
import type { QuestionViewProps } from '../viewTypes';
import { SliderItem } from './SliderItem';
import { SliderProgress } from './SliderProgress';
import styles from './Slider.module.css';
import { withBasePath } from '@/lib/edge/basePath.mjs';

const subscribe = () => () => undefined;

/**
 * Spec §5: autofill is a test aid of local hosts only. Decided in the browser from the address
 * it was opened at, after hydration: the server's HTML never has the button, and on any other
 * host it never appears.
 */
function useAutofillOffered(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isLocalHost(window.location.hostname),
    () => false,
  );
}

/**
 * The question's image through the image route (lib/proxy/handleImage.ts), never inline. Its box
 * has the image's shape before the image arrives (the page says its size; else 4:3 with the
 * image fitted in), so nothing below it moves when it comes.
 */
function QuestionImage({ question }: { question: Question }) {
  if (!question.imageKey) return null;
  const aspect = imageAspect(question.imageWidth, question.imageHeight);
  return (
    <div className={styles.image} data-known={aspect.known || undefined} style={{ aspectRatio: `${aspect.width} / ${aspect.height}` }}>
      {/* The pictures illustrate the title beside them: decorative, so empty alt. next/image would
          send it through the optimizer, which fetches without the participant's session. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={withBasePath(questionImagePath(question.imageKey, question.imageVersion))}
        alt=""
        width={aspect.known ? aspect.width : undefined}
        height={aspect.known ? aspect.height : undefined}
        decoding="async"
      />
    </div>
  );
}

/**
 * Product 4, the slider view (spec §2): one question a page with its title, its image, bullet
 * info lines (info1), a header text (info3), one slider per answer item with its optional
 * sub-text and 'not rated' checkbox, the value captions below, and the progress of the page.
 */
export function SliderView(props: QuestionViewProps) {
  const { questions, values, invalid, disabled, onChange, onChangeMany, texts, contentLang, config, notRated, progress, language } = props;
  const autofillOffered = useAutofillOffered();
  const max = scaleMaxOf(config);
  const valueInfos = config?.valueInfos ?? [];
  const notRatedCaption = notRated && config?.notRatedValueCaption ? config.notRatedValueCaption : null;
  const captionOf = (value: number) => valueInfos.find((info) => info.value === value)?.caption;
  const sliderTexts = texts.slider;

  return (
    <>
      {questions.map((question) => {
        const itemValues = question.answerInfos.map((answer) => values.get(answer.id) ?? SLIDER_UNSET);
        const marked = invalid.has(question.id) ? sliderItemsToMark(itemValues, { max, notRatedAllowed: notRatedCaption !== null }) : [];
        const info = question.info1?.filter((line) => line.trim() !== '') ?? [];
        return (
          <QuestionBlock
            key={question.id}
            id={question.id}
            index={question.questionIndex}
            text={question.text ?? ''}
            subText={question.subText}
            errorMessage={invalid.get(question.id)}
            errorLabel={texts.errorLabel(question.questionIndex, invalid.get(question.id) ?? '')}
            contentLang={contentLang}
          >
            {(question.imageKey || info.length > 0) && (
              <div className={`${styles.intro} ${question.imageKey ? styles.withImage : ''}`}>
                <QuestionImage question={question} />
                {info.length > 0 && (
                  <ul className={styles.info} lang={contentLang}>
                    {info.map((line, index) => (
                      <li key={index}>{line}</li>
                    ))}
                  </ul>
                )}
              </div>
            )}
            {question.info3 && (
              <p className={styles.header} lang={contentLang}>
                {question.info3}
              </p>
            )}
            <div className={styles.items}>
              {question.answerInfos.map((answer, position) => (
                <SliderItem
                  key={answer.id}
                  answerId={answer.id}
                  letter={answerLetter(answer.answerIndex, position)}
                  text={answer.text ?? ''}
                  subtext={answer.subtext}
                  value={itemValues[position] ?? SLIDER_UNSET}
                  max={max}
                  invalid={marked[position] === true}
                  disabled={disabled}
                  notRatedCaption={notRatedCaption}
                  captionOf={captionOf}
                  language={language}
                  contentLang={contentLang}
                  onChange={(next) => onChange(question.id, answer.id, next)}
                />
              ))}
            </div>
            {valueInfos.length > 0 && (
              <ul className={styles.captions} aria-label={sliderTexts?.scaleCaption} lang={contentLang}>
                {valueInfos.map((info) => (
                  <li key={info.value}>{info.caption}</li>
                ))}
              </ul>
            )}
            {autofillOffered && sliderTexts && (
              <button
                type="button"
                className={`button button-secondary ${styles.autofill}`}
                disabled={disabled}
                onClick={() => onChangeMany(question.id, question.answerInfos.map((answer) => [answer.id, autofillValue(Math.random())] as const))}
              >
                {sliderTexts.autofill}
              </button>
            )}
          </QuestionBlock>
        );
      })}
      {sliderTexts && <SliderProgress current={progress.current} total={progress.total} pageOf={progress.label} texts={sliderTexts} />}
    </>
  );
}
