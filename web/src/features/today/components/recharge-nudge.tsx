import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { feedQuery } from '@/lib/mentor-feed-query.ts';
import { isLowEnergy } from '../lib/day-rules.ts';

/**
 * "Running low? Try a short recharge →" (spec 002: energy below 40), today only. It links to the
 * feed's recharge card, so it shows only while that card is in the feed: a low today always makes one,
 * and once the member snoozes, archives or mutes it the nudge goes too, instead of landing on nothing.
 */
export function RechargeNudge({ energy, isToday }: { energy: number | null | undefined; isToday: boolean }) {
  const { t } = useTranslation();
  const wanted = isToday && isLowEnergy(energy);
  const feed = useQuery({ ...feedQuery(), enabled: wanted });
  if (!wanted || !feed.data?.cards.some((card) => card.trigger === 'recharge')) return null;
  return (
    <Link to="/mentor-feed?nudge=recharge" className="mt-6 inline-flex items-center gap-2 text-sm font-medium text-accent underline-offset-4 hover:underline">
      {t('today.evening.rechargeNudge')}
    </Link>
  );
}
