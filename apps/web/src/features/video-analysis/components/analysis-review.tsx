import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessagePlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANALYSIS_COMMENT_MAX, type VideoAnalysis } from '@fitcoach/shared/video-analysis';
import { ApiError } from '../../../lib/api-client';
import { useAddComment } from '../api/add-comment';
import { AnalysisResults } from './analysis-results';
import { ExerciseTrend } from './exercise-trend';
import { formatMoment } from './format';
import { SkeletonVideo } from './skeleton-video';

/**
 * One analysis with its uploaded video, for its member and the coach reviewing it: the
 * results, and comments pinned to moments (a comment seeks the video; a new one is pinned to
 * where the video is).
 */
export function AnalysisReview({ analysis }: { analysis: VideoAnalysis }) {
  const { t } = useTranslation('video-analysis');
  const video = useRef<HTMLVideoElement | null>(null);
  const [body, setBody] = useState('');
  const [at, setAt] = useState(0);
  const addComment = useAddComment(analysis.id);

  const seek = (seconds: number) => {
    if (!video.current) return;
    video.current.currentTime = seconds;
    setAt(seconds);
  };

  async function submit() {
    const text = body.trim();
    if (!text) return;
    const moment = video.current?.currentTime ?? at;
    try {
      await addComment.mutateAsync({ at_s: Math.round(moment * 10) / 10, body: text });
      setBody('');
    } catch (error) {
      notifications.show({
        color: 'red',
        message: error instanceof ApiError ? error.message : String(error),
      });
    }
  }

  const comments = [...analysis.comments].sort((a, b) => a.at_s - b.at_s);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          {/* The page's own heading (the route shows nothing above it). */}
          <Title order={1} size="h3">
            {analysis.exercise_name}
          </Title>
          <Text size="sm" c="dimmed">
            {analysis.user.name}
          </Text>
        </Stack>
        {analysis.review.status !== 'none' ? (
          <Badge variant="light" color={analysis.review.status === 'reviewed' ? 'teal' : 'blue'}>
            {analysis.review.status === 'reviewed' ? t('review.reviewed') : t('review.queue')}
          </Badge>
        ) : null}
      </Group>

      {analysis.video ? (
        <div onTimeUpdate={() => setAt(video.current?.currentTime ?? 0)}>
          <SkeletonVideo
            src={analysis.video.url}
            poster={analysis.video.poster_url}
            label={analysis.exercise_name}
            videoRef={video}
          />
        </div>
      ) : (
        <Alert color="gray" variant="light">
          {t('review.noVideo')}
        </Alert>
      )}

      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('review.comments')}
          </Title>
          {comments.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('review.noComments')}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {comments.map((comment) => (
                <li key={comment.id}>
                  <UnstyledButton onClick={() => seek(comment.at_s)} w="100%">
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <Badge variant="light" style={{ flexShrink: 0 }}>
                        {formatMoment(comment.at_s)}
                      </Badge>
                      <Stack gap={0}>
                        <Text size="sm" fw={600}>
                          {comment.author.name}
                        </Text>
                        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                          {comment.body}
                        </Text>
                      </Stack>
                    </Group>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          )}
          {analysis.video ? (
            <Stack gap="xs">
              <Textarea
                label={t('review.addComment', { time: formatMoment(at) })}
                placeholder={t('review.commentPlaceholder')}
                value={body}
                onChange={(e) => setBody(e.currentTarget.value)}
                maxLength={ANALYSIS_COMMENT_MAX}
                autosize
                minRows={2}
              />
              <Group justify="flex-end">
                <Button
                  leftSection={<IconMessagePlus size={16} />}
                  loading={addComment.isPending}
                  disabled={!body.trim()}
                  onClick={() => void submit()}
                >
                  {t('review.send')}
                </Button>
              </Group>
            </Stack>
          ) : null}
        </Stack>
      </Card>

      <AnalysisResults
        summary={analysis.summary}
        onSeek={seek}
        repsLogged={analysis.set?.reps_logged ?? null}
      />
      <ExerciseTrend exerciseName={analysis.exercise_name} />
    </Stack>
  );
}
