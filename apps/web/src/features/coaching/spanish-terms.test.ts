import { describe, expect, it } from 'vitest';
import es from '../../locales/es/coaching.json';

/**
 * Across the Spanish app "entrenamiento" is a workout (Entrenamientos, Registrar un
 * entrenamiento). The coaching relationship needs its own word, or "Terminar el entrenamiento"
 * reads as "finish the workout" on the button that ends coaching.
 */
describe('Spanish coaching texts', () => {
  it('never call the coaching relationship a workout', () => {
    const relationship = [
      es.end.action,
      es.end.title,
      es.end.confirm,
      es.end.doneTitle,
      es.end.failed,
      es.mine.title,
      es.mine.loading,
      es.mine.loadError,
      es.mine.endLabel,
      es.client.unavailable,
    ];
    // (The confirmations may still mention the member's workouts, "entrenamientos".)
    for (const text of relationship) expect(text).not.toMatch(/entrenamiento\b/i);
  });
});
