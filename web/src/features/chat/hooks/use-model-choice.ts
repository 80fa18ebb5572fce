import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { endpointsQuery, modelsQuery } from '../api/chat-queries.ts';
import { initialChoice, modelOptions, rememberChoice, type ModelChoice } from '../lib/model-choice.ts';

/** The endpoints and models on offer, and the one chosen (remembered on this device). */
export function useModelChoice() {
  const endpoints = useQuery(endpointsQuery);
  const models = useQuery(modelsQuery);
  const [picked, setPicked] = useState<ModelChoice | null>(null);

  const loaded = endpoints.data && models.data;
  const options = loaded ? modelOptions(endpoints.data, models.data) : [];
  const choice = picked ?? (loaded ? initialChoice(endpoints.data, models.data) : null);
  const choose = (endpoint: string, model: string) => {
    if (endpoints.data) setPicked(rememberChoice(endpoints.data, endpoint, model));
  };

  return { choice, choose, options, loading: !loaded && !endpoints.error && !models.error };
}

export type ModelChoiceState = ReturnType<typeof useModelChoice>;
