import {
  matchMutation,
  type Mutation,
  type MutationKey,
  type QueryClient,
} from '@tanstack/react-query';
import type { MeResponse, Profile } from '@fitcoach/shared/profile';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { adminKeys } from '../features/admin/api/keys';
import { authKeys } from '../features/auth/api/keys';
import { coachingKeys } from '../features/coaching/api/keys';
import { contentMutationKeys } from '../features/content/api/keys';
import { exerciseKeys, tagKeys } from '../features/exercises/api/keys';
import { trainerKeys } from '../features/trainer/api/keys';
import { teamKeys } from '../features/teams/api/keys';
import { dietKeys } from '../features/diets/api/keys';
import { friendKeys } from '../features/friends/api/keys';
import { feedKeys, feedMutationKeys } from '../features/feed/api/keys';
import { profileMutationKeys } from '../features/profile/api/keys';
import { reportMutationKeys } from '../features/reports/api/keys';
import { programKeys, programMutationKeys } from '../features/programs/api/keys';
import { gameStatsMutationKeys, statsKeys } from '../features/stats/api/keys';
import { workoutLogKeys, workoutLogMutationKeys } from '../features/workout-logs/api/keys';
import { workoutKeys, workoutMutationKeys } from '../features/workouts/api/keys';
import { rememberSavedWorkout } from '../features/workouts/api/get-workout';

/*
 * A feature refreshes its own queries after its own writes. What one feature's write makes
 * stale in another is listed here: features may not import each other, and app/ is where they
 * meet. Each entry names the writing mutation by its key (from the writer's keys.ts) and
 * refreshes through the reader's key factory.
 */

interface Refresh {
  after: MutationKey;
  refresh: (client: QueryClient, data: unknown) => void;
}

const refreshes: Refresh[] = [
  {
    // A workout logged from its page or guided mode: the history, its charts and the stats.
    after: workoutMutationKeys.log(),
    refresh: (client) => {
      void client.invalidateQueries({ queryKey: workoutLogKeys.all });
      void client.invalidateQueries({ queryKey: statsKeys.all });
      // The member's own workouts are in their activity feed.
      void client.invalidateQueries({ queryKey: feedKeys.list() });
      // A program day is done once its workout is logged: the calendar and today's session.
      void client.invalidateQueries({ queryKey: programKeys.all });
    },
  },
  {
    // A manual log or a deleted one changes totals, records and streaks, and the feed.
    after: workoutLogMutationKeys.write(),
    refresh: (client) => {
      // A deleted log may undo a program day's "done".
      void client.invalidateQueries({ queryKey: programKeys.all });
      void client.invalidateQueries({ queryKey: statsKeys.all });
      void client.invalidateQueries({ queryKey: feedKeys.list() });
    },
  },
  {
    // A game is a hard session: today's program session may be eased (or no longer) for it.
    after: gameStatsMutationKeys.write(),
    refresh: (client) => void client.invalidateQueries({ queryKey: programKeys.all }),
  },
  {
    // A shared workout saved as the member's own: it is one of their workouts now.
    after: feedMutationKeys.saveCopy(),
    refresh: (client, data) => rememberSavedWorkout(client, data as WorkoutDetail),
  },
  {
    // A program copied: each of its workouts was copied as one of the member's own.
    after: programMutationKeys.copy(),
    refresh: (client) => void client.invalidateQueries({ queryKey: workoutKeys.lists() }),
  },
  {
    // Weights on the workout pages, the history, the charts and the stats are in the member's
    // units, and a workout page shows its author's name: a saved profile makes them stale (a
    // set logged meanwhile would be read in the new units).
    after: profileMutationKeys.save(),
    refresh: (client) => {
      void client.invalidateQueries({ queryKey: workoutKeys.all });
      void client.invalidateQueries({ queryKey: workoutLogKeys.all });
      void client.invalidateQueries({ queryKey: statsKeys.all });
      void client.invalidateQueries({ queryKey: feedKeys.all });
    },
  },
  {
    // The header shows the name and photo, and every page uses the units: the session user
    // takes the saved profile's (the answer of every profile-saving mutation is the profile).
    after: profileMutationKeys.save(),
    refresh: (client, data) => {
      const profile = data as Profile;
      client.setQueryData<MeResponse>(authKeys.me(), (me) =>
        me?.user
          ? {
              ...me,
              user: {
                ...me.user,
                name: profile.name,
                email: profile.email,
                measurement_type: profile.measurement_type,
                avatar_url: profile.avatar_url,
              },
            }
          : me,
      );
    },
  },
  {
    // A report handled is in the audit log; a suspension shows in the Users tab.
    after: reportMutationKeys.resolve(),
    refresh: (client) => {
      void client.invalidateQueries({ queryKey: adminKeys.audit() });
      void client.invalidateQueries({ queryKey: adminKeys.users() });
    },
  },
  {
    // The library changed (the admin area's Content tab, or a coach's demo video): the exercise
    // lists and pickers, tags, workout pages and lists, trainer personas and diets read it again.
    after: contentMutationKeys.write(),
    refresh: (client) => {
      void client.invalidateQueries({ queryKey: exerciseKeys.all });
      void client.invalidateQueries({ queryKey: tagKeys.all });
      void client.invalidateQueries({ queryKey: workoutKeys.all });
      void client.invalidateQueries({ queryKey: trainerKeys.personas() });
      void client.invalidateQueries({ queryKey: dietKeys.all });
    },
  },
  {
    // The session user carries the member's language (the signed-in layout applies it on
    // every device): read it again.
    after: profileMutationKeys.locale(),
    refresh: (client) => void client.invalidateQueries({ queryKey: authKeys.me() }),
  },
];

/** The query client's mutation listener: runs the refreshes of the mutation that succeeded. */
export function refreshOtherFeatures(
  mutation: Mutation<unknown, unknown, unknown, unknown>,
  data: unknown,
  client: QueryClient,
): void {
  for (const { after, refresh } of refreshes) {
    if (matchMutation({ mutationKey: after, exact: true }, mutation)) refresh(client, data);
  }
}

/** A live `workout_shared` notification: the "Shared with me" lists include the workout now. */
export function refreshSharedWorkouts(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: workoutKeys.lists() });
  void client.invalidateQueries({ queryKey: feedKeys.shared() });
}

/** A live `diet_shared` notification: "Shared with me" and the diets list include it now. */
export function refreshSharedDiets(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: dietKeys.list() });
  void client.invalidateQueries({ queryKey: feedKeys.sharedDiets() });
}

/** A live `program_shared` notification: "Shared with me" lists the program now. */
export function refreshSharedPrograms(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: programKeys.list() });
  void client.invalidateQueries({ queryKey: feedKeys.sharedPrograms() });
}

/** A live `trainer_thread_shared` notification: "Shared with me" lists the conversation now. */
export function refreshSharedTrainerThreads(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: feedKeys.sharedTrainerThreads() });
}

/**
 * A live coaching notification (an invitation, an acceptance, a comment on a log): the coach's
 * clients, the member's coaches and the comment threads are read again. An assigned program
 * also changes the member's programs and today's session.
 */
export function refreshCoaching(client: QueryClient, programAssigned = false): void {
  void client.invalidateQueries({ queryKey: coachingKeys.all });
  if (programAssigned) void client.invalidateQueries({ queryKey: programKeys.all });
}

/** A live `feed_kudos` or `feed_comment` notification: the feed shows the new count. */
export function refreshFeed(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: feedKeys.list() });
}

/**
 * A live `friend_request` or `friend_accepted` notification: the Friends page's lists, the
 * searches (each result's relationship) and the share pickers are read again.
 */
export function refreshFriends(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: friendKeys.all });
}

/** A live `team_added` notification: the member's teams list shows the team now. */
export function refreshTeams(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: teamKeys.all });
}
