import { eq } from 'drizzle-orm';
import type { ChallengeDetail, OwnSubmission } from '@fitcoach/shared/challenges';
import type { CoachClient } from '@fitcoach/shared/coaching';
import type { Role } from '@fitcoach/shared/profile';
import type { TeamDetail } from '@fitcoach/shared/teams';
import { users } from '../db/schema/accounts';
import { teamWorkouts } from '../db/schema/teams';
import { generateDiet } from '../features/diets/diets.service';
import { generateProgram } from '../features/programs/programs.service';
import type { Actor, Subject } from '../lib/permissions';
import type { Viewer } from '../lib/viewer';
import { befriend, libraryWorkoutIds, member, TestClient, type TestApp } from './test-app';
import { declareFile, imageBytes, testVideo, uploadFile } from './uploads';
import { squatSummary } from './video-analysis';
import { videoAnalyses } from '../db/schema/video-analysis';
import { postersSettled } from '../features/video-analysis/video-analysis.service';

/**
 * The people and things the permission matrix test sends its requests about: each actor of
 * lib/permissions.ts signed in on their own client, and each subject made and tied to them as
 * `Actor` and `Subject` say. `fresh(subject)` makes another of a subject, tied the same way,
 * for a request that changes or removes it.
 */
export interface PermissionWorld {
  clients: Record<Actor, TestClient>;
  ids: Record<Exclude<Actor, 'anonymous'>, number>;
  subject(subject: Subject): number;
  /** Another of the subject, tied the same way; undefined when one is shared by all. */
  fresh(subject: Subject): Promise<number | undefined>;
  /** What some request bodies need beyond subjects. */
  extras: {
    /** A private program of the coach's own (one they may assign). */
    coachProgram: number;
    /** The key of a file the owner declared and has not sent yet (a disk upload url). */
    uploadKey: string;
    /** Two public library workouts. */
    libraryWorkouts: [number, number];
    /** The name of a library exercise. */
    exerciseName: string;
  };
}

const today = () => new Date().toISOString().slice(0, 10);

function expectStatus(res: { statusCode: number; body: string }, status: number, what: string) {
  if (res.statusCode !== status) {
    throw new Error(`permission world: ${what} answered ${res.statusCode} ${res.body}`);
  }
}

const viewerOf = (id: number, role: Role = 'member'): Viewer => ({
  id,
  role,
  measurementType: 'metric',
  locale: 'en',
});

export async function buildPermissionWorld(t: TestApp): Promise<PermissionWorld> {
  const { db } = t.database;
  const signedUp = async (name: string, role: Role = 'member') => {
    const m = await member(t, { name });
    if (role !== 'member') {
      await db.update(users).set({ role }).where(eq(users.id, m.user.id));
      t.app.ctx.changes.emit({ kind: 'member', id: m.user.id });
    }
    return m;
  };

  const anonymous = await new TestClient(t.app).begin();
  const people = {
    member: await signedUp('Mona Member'),
    owner: await signedUp('Olga Owner'),
    friend: await signedUp('Fred Friend'),
    team_player: await signedUp('Pat Player'),
    team_scorer: await signedUp('Sid Scorer'),
    team_coach: await signedUp('Tess Teamcoach'),
    team_owner: await signedUp('Tom Teamowner'),
    coach: await signedUp('Cora Coach', 'coach'),
    admin: await signedUp('Ada Admin', 'admin'),
  };
  const ids = Object.fromEntries(
    Object.entries(people).map(([actor, m]) => [actor, m.user.id]),
  ) as PermissionWorld['ids'];
  const clients = {
    anonymous,
    ...Object.fromEntries(Object.entries(people).map(([actor, m]) => [actor, m.client])),
  } as Record<Actor, TestClient>;
  const owner = people.owner.client;
  const friend = people.friend.client;

  await befriend(t, ids.owner, ids.friend);

  // The coach coaches the owner.
  const coaching = await coachingInvitation(people.coach.client);
  expectStatus(
    await owner.post(`/api/coach/invitations/${coaching}/accept`),
    200,
    'accepting coaching',
  );

  const exercises = (await owner.get('/api/exercise?limit=100')).json<{
    items: { id: number; kind: string; name: string }[];
  }>().items;
  const repsExercise = exercises.find((e) => e.kind === 'reps')!.id;
  const [libraryA, libraryB] = (await libraryWorkoutIds(owner, 2)) as [number, number];

  async function coachingInvitation(coach: TestClient, clientId = ids.owner) {
    const res = await coach.post('/api/coach/clients', { user_id: clientId });
    expectStatus(res, 201, 'inviting a client');
    return res.json<CoachClient>().id;
  }

  /** The team made last: a fresh team game goes in the fresh team its request names first. */
  let lastTeam = 0;
  async function makeTeam(withPhoto = true) {
    const res = await people.team_owner.client.post('/api/team', {
      name: 'Riverside Hawks',
      sport: 'basketball',
      season: '2025–26',
    });
    expectStatus(res, 201, 'creating a team');
    const team = res.json<TeamDetail>();
    for (const [who, body] of [
      ['team_coach', { role: 'coach' }],
      ['team_player', { role: 'player', jersey_number: 23, alias_name: 'Patty' }],
      ['team_scorer', { role: 'scorer' }],
    ] as const) {
      expectStatus(
        await people.team_owner.client.post('/api/team/users', {
          team_id: team.id,
          user_id: ids[who],
          ...body,
        }),
        200,
        `adding the ${who}`,
      );
    }
    // A fresh team (one per actor) goes without: uploads are rate-limited, and only the
    // photo's own routes, on the first team, need one.
    if (!withPhoto) {
      lastTeam = team.id;
      return team.id;
    }
    const photo = await uploadFile(t, people.team_owner.client, imageBytes(512), {
      purpose: 'team_photo',
      contentType: 'image/png',
      filename: 'team.png',
    });
    expectStatus(
      await people.team_owner.client.put(`/api/team/${team.id}/photo`, {
        signed_id: photo.signed_id,
      }),
      200,
      'setting the team photo',
    );
    lastTeam = team.id;
    return team.id;
  }
  const team = await makeTeam();

  /** An open (live) game of the team made last, started by its owner. */
  async function makeTeamGame() {
    const res = await people.team_owner.client.post(`/api/team/${lastTeam}/stats/games`, {
      vs_name: 'Matrix Eagles',
      game_date: new Date().toISOString().slice(0, 10),
    });
    expectStatus(res, 201, 'starting a team game');
    return res.json<{ id: number }>().id;
  }

  const avatar = await uploadFile(t, owner, imageBytes(512), {
    purpose: 'avatar',
    contentType: 'image/png',
    filename: 'me.png',
  });
  expectStatus(
    await owner.put('/api/profile/avatar', { signed_id: avatar.signed_id }),
    200,
    'setting the owner’s photo',
  );
  const pending = await declareFile(owner, imageBytes(256), {
    purpose: 'avatar',
    contentType: 'image/png',
    filename: 'later.png',
  });
  const uploadKey = new URL(pending.direct_upload.url, 'http://x').pathname.replace(
    '/rails/active_storage/disk/',
    '',
  );

  async function makeWorkout() {
    const res = await owner.post('/api/workout', {
      title: 'Owner’s private strength',
      description: '',
      goal: 'weight_lifting',
      level: 'intermediate',
      estimated_minutes: 40,
      is_public: false,
      tag_ids: [],
      groups: [
        {
          kind: 'single',
          rest_seconds: 90,
          exercises: [{ exercise_id: repsExercise, sets: 3, reps: 5, weight: 60 }],
        },
      ],
    });
    expectStatus(res, 201, 'creating a workout');
    const workout = res.json<{ id: number; groups: { id: number }[] }>();
    expectStatus(
      await owner.post('/api/workout/share_workout', {
        friend_id: ids.friend,
        workout_id: workout.id,
      }),
      200,
      'sharing a workout',
    );
    // Given to the team as its coach would, while the owner is not on it: the team's members
    // see it through the team, not through the owner.
    await db.insert(teamWorkouts).values({ teamId: team, workoutId: workout.id });
    t.app.ctx.changes.emit({ kind: 'workout', id: workout.id });
    return { id: workout.id, group: workout.groups[0]!.id };
  }
  const workout = await makeWorkout();

  async function makeLog(workoutId = workout.id) {
    const res = await owner.post(`/api/workout/${workoutId}/log`, {
      note: 'Felt strong',
      completedExercises: [{ exercise_id: repsExercise, reps: [5], weights: [60] }],
      energy_level: 4,
      sleep_quality: 3,
    });
    expectStatus(res, 201, 'logging a workout');
    return res.json<{ log_id: number }>().log_id;
  }
  const log = await makeLog();

  async function makeFeedComment(logId = log) {
    const res = await friend.post(`/api/feed/${logId}/comments`, { body: 'Nice one!' });
    expectStatus(res, 201, 'commenting on a feed entry');
    return res.json<{ id: number }>().id;
  }

  async function makeShare() {
    const shared = (await friend.get('/api/shared')).json<{
      items: { id: number; workout: { id: number } }[];
    }>();
    return shared.items.find((s) => s.workout.id === workout.id)!.id;
  }

  async function programOf(userId: number, role: Role = 'member') {
    const made = await generateProgram(t.app.ctx, viewerOf(userId, role), {
      trainer_action: 'workout',
      gender: 'female',
      age: 30,
      workout_frequency: 3,
      workout_plan_length: 2,
      workout_length: 30,
      workout_goal: 'weight_lifting',
      seed: 7,
    });
    return made.program_id;
  }

  async function makeProgram() {
    const program = await programOf(ids.owner);
    expectStatus(
      await owner.post('/api/program/share_program', {
        friend_id: ids.friend,
        program_id: program,
      }),
      200,
      'sharing a program',
    );
    return program;
  }

  async function makeDiet() {
    const made = await generateDiet(t.app.ctx, viewerOf(ids.owner), {
      trainer_action: 'diet',
      gender: 'female',
      age: 30,
      meal_preference: 'omnivore',
      seed: 11,
    });
    expectStatus(
      await owner.post('/api/diet/share_diet', { friend_id: ids.friend, diet_id: made.diet_id }),
      200,
      'sharing a diet',
    );
    return made.diet_id;
  }

  async function makeThread() {
    const res = await owner.post('/api/trainer/chat', {
      question: 'I hate burpees. My goal is to run a marathon. How long should I rest?',
    });
    expectStatus(res, 200, 'asking the trainer');
    const threadId = res.json<{ thread_id: number }>().thread_id;
    expectStatus(
      await owner.post('/api/trainer/share_thread', { friend_id: ids.friend, thread_id: threadId }),
      200,
      'sharing a conversation',
    );
    return threadId;
  }
  const thread = await makeThread();

  async function makeMemory() {
    const items = (await owner.get('/api/trainer/memory')).json<{ items: { id: number }[] }>()
      .items;
    if (items.length > 0) return items[0]!.id;
    await owner.post('/api/trainer/chat', { question: 'I hate burpees.', thread_id: thread });
    return (await owner.get('/api/trainer/memory')).json<{ items: { id: number }[] }>().items[0]!
      .id;
  }

  async function makeGame() {
    const res = await owner.post('/api/game_stats', {
      vs_name: 'Eastside Eagles',
      game_date: today(),
      sport: 'basketball',
      points: 12,
    });
    expectStatus(res, 201, 'recording a game');
    return res.json<{ id: number }>().id;
  }

  async function makeUpcomingChallenge() {
    const res = await owner.post('/api/challenge', {
      title: 'Owner’s next challenge',
      duration: 7,
      start_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      visibility: 'friends',
      requirements: [{ workout_id: libraryA, description: 'Any pace' }],
    });
    expectStatus(res, 201, 'creating a challenge');
    return res.json<ChallengeDetail>().id;
  }

  async function makeBlockedMember() {
    const blocked = await member(t, { name: 'Bea Blocked' });
    for (const client of Object.values(people)) {
      expectStatus(
        await client.client.post(`/api/friends/${blocked.user.id}/block`),
        200,
        'blocking',
      );
    }
    return blocked.user.id;
  }

  async function makeChallenge() {
    const res = await owner.post('/api/challenge', {
      title: 'Owner’s friends challenge',
      description: 'Two sessions.',
      prize: '',
      duration: 7,
      start_date: today(),
      visibility: 'friends',
      requirements: [
        { workout_id: libraryA, uploadRequired: true, description: 'Film the last set' },
        { workout_id: libraryB, uploadRequired: false, description: 'Any pace' },
      ],
    });
    expectStatus(res, 201, 'creating a challenge');
    const challenge = res.json<ChallengeDetail>();
    expectStatus(await friend.post(`/api/challenge/${challenge.id}/join`), 200, 'joining');
    expectStatus(
      await friend.post(`/api/workout/${libraryA}/log`, {
        completedExercises: [],
        energy_level: 3,
        sleep_quality: 3,
      }),
      201,
      'logging the requirement',
    );
    const proof = await uploadFile(t, friend, imageBytes(1024), {
      purpose: 'challenge_proof',
      contentType: 'image/png',
      filename: 'proof.png',
    });
    const submitted = await friend.post(
      `/api/challenge/${challenge.id}/requirements/${challenge.requirements[0]!.id}/submit`,
      { signed_id: proof.signed_id },
    );
    expectStatus(submitted, 200, 'submitting a proof');
    return {
      id: challenge.id,
      requirement: challenge.requirements[1]!.id,
      submission: submitted.json<OwnSubmission>().id,
    };
  }

  async function makeFriendRequest() {
    const asker = await member(t, { name: 'Ann Asker' });
    expectStatus(
      await asker.client.post('/api/profile/add_friend', { friend_id: ids.owner }),
      200,
      'asking to be friends',
    );
    return asker.user.id;
  }

  /** A member in the owner's place: the friend's friend, coached by the coach. */
  async function makeOwnerLike() {
    const m = await member(t, { name: 'Otto Otherowner' });
    await befriend(t, m.user.id, ids.friend);
    const link = await coachingInvitation(people.coach.client, m.user.id);
    expectStatus(await m.client.post(`/api/coach/invitations/${link}/accept`), 200, 'accepting');
    return m.user.id;
  }

  /** The coach's link with the owner, anew: the one before is ended (a request may end it). */
  async function makeCoachingLink() {
    const current = made.coaching_link!;
    const ended = await people.coach.client.delete(`/api/coach/clients/${current}`);
    if (ended.statusCode !== 204 && ended.statusCode !== 409) {
      expectStatus(ended, 204, 'ending coaching');
    }
    const link = await coachingInvitation(people.coach.client);
    expectStatus(await owner.post(`/api/coach/invitations/${link}/accept`), 200, 'accepting');
    made.coaching_link = link;
    return link;
  }

  async function makeCoachingInvitation() {
    // From another coach: the coach actor already coaches the owner.
    const other = await signedUp('Ivan Invitingcoach', 'coach');
    return coachingInvitation(other.client);
  }

  /** A member's report of the owner's profile, waiting for the admins. */
  async function makeReport() {
    const reporter = await signedUp('Rhea Reporter');
    const res = await reporter.client.post('/api/reports', {
      kind: 'profile',
      target_id: ids.owner,
      reason: 'spam',
    });
    expectStatus(res, 201, 'reporting a profile');
    return res.json<{ id: number }>().id;
  }
  // The admin area's Content tab: items of each kind an admin made (nothing uses them), and an
  // exercise with a demo video a coach uploaded.
  const admin = people.admin.client;
  let made_ = 0;
  const uniqueName = (what: string) => `Matrix ${what} ${(made_ += 1)}`;
  async function makeContent(kind: string, body: Record<string, unknown>) {
    const res = await admin.post(`/api/admin/content/${kind}`, body);
    expectStatus(res, 201, `adding ${kind}`);
    return res.json<{ id: number }>().id;
  }
  const makeExercise = () =>
    makeContent('exercises', {
      name: uniqueName('press'),
      description: 'A press.',
      steps: ['Press.'],
      primary_muscles: ['chest'],
      equipment: ['dumbbell'],
      kind: 'reps',
    });
  const makeFood = () =>
    makeContent('foods', {
      name: uniqueName('skyr'),
      category: 'dairy',
      kcal: 63,
      protein_g: 11,
      carbs_g: 4,
      fat_g: 0,
      fiber_g: 0,
      meals: ['breakfast'],
      serving_g: 170,
      serving_label: '1 pot',
    });
  const makeTag = () => makeContent('tags', { name: uniqueName('tag') });
  const makePersona = () =>
    makeContent('personas', {
      name: uniqueName('coach'),
      description: 'A coach.',
      specialty: 'Mobility',
      tone: 'Calm.',
      greeting: 'Hello.',
      example_questions: ['How do I warm up?'],
    });
  const makeLibraryWorkout = () =>
    makeContent('workouts', {
      title: uniqueName('workout'),
      goal: 'weight_lifting',
      groups: [{ kind: 'single', exercises: [{ exercise_id: repsExercise, sets: 3, reps: 5 }] }],
    });
  async function makeDemoVideo() {
    const id = await makeExercise();
    const head = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d', 'hex');
    const bytes = Buffer.concat([head, imageBytes(1024)]);
    const video = await uploadFile(t, people.coach.client, bytes, {
      purpose: 'exercise_demo',
      contentType: 'video/webm',
      filename: 'demo.webm',
    });
    expectStatus(
      await people.coach.client.put(`/api/exercise/${id}/video`, { signed_id: video.signed_id }),
      200,
      'attaching a demo video',
    );
    return id;
  }

  /**
   * The owner's analysis, its review asked of the coach. The first has its video uploaded (and
   * its poster made); fresh ones (one per actor) go without (uploads are rate-limited), their
   * review asked for in the database as the route would.
   */
  let lastAnalysis = 0;
  async function makeAnalysis(withVideo = false) {
    const res = await owner.post('/api/video_analysis', {
      exercise_name: 'Back squat',
      summary: squatSummary(),
    });
    expectStatus(res, 201, 'keeping an analysis');
    const id = res.json<{ id: number }>().id;
    lastAnalysis = id;
    if (withVideo) {
      const video = await uploadFile(t, owner, await testVideo('mp4'), {
        purpose: 'exercise_video',
        contentType: 'video/mp4',
        filename: 'squat.mp4',
      });
      expectStatus(
        await owner.put(`/api/video_analysis/${id}/video`, { signed_id: video.signed_id }),
        200,
        'attaching an analysis video',
      );
      await postersSettled();
      expectStatus(
        await owner.post(`/api/video_analysis/${id}/review`, { coach_id: ids.coach }),
        200,
        'asking for a review',
      );
    } else {
      await db
        .update(videoAnalyses)
        .set({ reviewStatus: 'requested', reviewCoachId: ids.coach, reviewRequestedAt: new Date() })
        .where(eq(videoAnalyses.id, id));
    }
    return id;
  }

  /** The owner's comment on the analysis made last. */
  async function makeVideoComment() {
    const res = await owner.post(`/api/video_analysis/${lastAnalysis}/comments`, {
      at_s: 2.5,
      body: 'Knees out here?',
    });
    expectStatus(res, 201, 'commenting on an analysis');
    const comments = res.json<{ comments: { id: number }[] }>().comments;
    return Math.max(...comments.map((c) => c.id));
  }

  const challenge = await makeChallenge();
  const made: Partial<Record<Subject, number>> = {
    owner: ids.owner,
    friend: ids.friend,
    workout: workout.id,
    workout_group: workout.group,
    workout_log: log,
    feed_comment: await makeFeedComment(),
    workout_share: await makeShare(),
    program: await makeProgram(),
    diet: await makeDiet(),
    trainer_thread: thread,
    trainer_memory: await makeMemory(),
    game_stat: await makeGame(),
    challenge: challenge.id,
    challenge_requirement: challenge.requirement,
    challenge_submission: challenge.submission,
    upcoming_challenge: await makeUpcomingChallenge(),
    blocked_member: await makeBlockedMember(),
    coaching_link: coaching,
    coaching_invitation: await makeCoachingInvitation(),
    friend_request: await makeFriendRequest(),
    team,
    team_player: ids.team_player,
    team_game: await makeTeamGame(),
    exercise: repsExercise,
    trainer_persona: 1,
    report: await makeReport(),
    demo_video: await makeDemoVideo(),
    food: await makeFood(),
    tag: await makeTag(),
    library_workout: await makeLibraryWorkout(),
    video_analysis: await makeAnalysis(true),
    video_comment: await makeVideoComment(),
  };
  const personas = (await owner.get('/api/trainer_persona')).json<{ items?: { id: number }[] }>();
  if (Array.isArray(personas.items) && personas.items[0])
    made.trainer_persona = personas.items[0].id;

  const fresh: Partial<Record<Subject, () => Promise<number>>> = {
    owner: makeOwnerLike,
    workout: async () => (await makeWorkout()).id,
    workout_log: () => makeLog(),
    feed_comment: () => makeFeedComment(),
    program: makeProgram,
    diet: makeDiet,
    trainer_thread: makeThread,
    trainer_memory: async () => {
      const res = await owner.post('/api/trainer/chat', {
        question: `I only have dumbbells at home, ${Math.random().toString(36).slice(2, 6)}.`,
      });
      expectStatus(res, 200, 'telling the trainer');
      const items = (await owner.get('/api/trainer/memory')).json<{ items: { id: number }[] }>()
        .items;
      return Math.max(...items.map((i) => i.id));
    },
    game_stat: makeGame,
    challenge: async () => (await makeChallenge()).id,
    coaching_link: makeCoachingLink,
    coaching_invitation: makeCoachingInvitation,
    friend_request: makeFriendRequest,
    blocked_member: makeBlockedMember,
    team: () => makeTeam(false),
    // Path order: `{id}` (a fresh team) is made before `{game_id}`, which goes in it.
    team_game: makeTeamGame,
    exercise: makeExercise,
    food: makeFood,
    tag: makeTag,
    trainer_persona: makePersona,
    library_workout: makeLibraryWorkout,
    video_analysis: () => makeAnalysis(),
    // Path order: `{id}` (a fresh analysis) is made before `{comment_id}`, which goes on it.
    video_comment: makeVideoComment,
  };

  return {
    clients,
    ids,
    subject(subject) {
      const id = made[subject];
      if (id === undefined) throw new Error(`permission world: no ${subject}`);
      return id;
    },
    async fresh(subject) {
      return fresh[subject]?.();
    },
    extras: {
      coachProgram: await programOf(ids.coach, 'coach'),
      uploadKey,
      libraryWorkouts: [libraryA, libraryB],
      exerciseName: exercises.find((e) => e.id === repsExercise)!.name,
    },
  };
}
