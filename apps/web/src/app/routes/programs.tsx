import { paths } from '../../config/paths';
import { programsQueryOptions } from '../../features/programs/api/get-programs';
import { ProgramsList } from '../../features/programs/components/programs-list';
import { queryClient } from '../query-client';

export function loader() {
  // Started here, not awaited: the page shows its own loading and error states.
  void queryClient.prefetchQuery(programsQueryOptions);
  return null;
}

/** `/programs`: the trainer's programs; the empty state asks the trainer for one. */
export function Component() {
  return (
    <ProgramsList
      programHref={paths.program.href}
      newProgramHref={paths.trainerNew.href('workout')}
      buildProgramHref={paths.programBuilder.href()}
    />
  );
}
