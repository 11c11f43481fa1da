/**
 * The AI trainer: personas (`/api/trainer_persona`), conversations (`/api/trainer/threads`) and
 * what the trainer remembers (`/api/trainer/memory`). A chat reply refreshes the threads and
 * the memory (the question may have told the trainer something).
 */
export const trainerKeys = {
  all: ['trainer'] as const,
  personas: () => [...trainerKeys.all, 'personas'] as const,
  persona: (id: number) => [...trainerKeys.personas(), id] as const,
  threads: () => [...trainerKeys.all, 'threads'] as const,
  thread: (id: number) => [...trainerKeys.threads(), id] as const,
  memory: () => [...trainerKeys.all, 'memory'] as const,
};
