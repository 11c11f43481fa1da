import { useLocation, useNavigate, type ShouldRevalidateFunctionArgs } from 'react-router';
import { filterFormKey, filterNavigationState } from './tag-filter';

/**
 * A filtered list's route option: a new filter on the same page loads in place (the list keeps
 * its results until then); other navigations revalidate as usual.
 */
export function shouldRevalidateFilteredList({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

/**
 * A filtered list's URL: `formKey` mounts the filter form, `showSearch` puts new filter params
 * in the URL in place (no history entry, no scroll), keeping the form as typed, or restarting it
 * empty (a "Clear filter" from outside the form).
 */
export function useFilterUrl() {
  const location = useLocation();
  const navigate = useNavigate();
  const formKey = filterFormKey(location);

  function showSearch(params: URLSearchParams, restartForm = false) {
    const search = params.toString();
    void navigate(
      { search: search ? `?${search}` : '' },
      {
        replace: true,
        preventScrollReset: true,
        state: filterNavigationState(restartForm ? `clear-${Date.now()}` : formKey),
      },
    );
  }

  return { formKey, showSearch };
}
