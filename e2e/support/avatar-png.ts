/** A real 64×64 PNG (a teal-to-indigo square with a person's silhouette). */
export const AVATAR_PNG = Buffer.from(
  [
    'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAADJElEQVR42tXYxVIjURgF4PMAuLv74O7uM8+CSwhu',
    'AQIEDxAgOOPu7u7u7q7UVM1qFr2ZmqoIfW/SfavOA3xnc/v8DZMlicmixHSxxnRBarZQazZfZz5fbz7XYDHXaDHX',
    'ZDnbbDnbYjXTajXTZj3dbj0ts1F32Kg7bdVdtlNyu6luu8ke+8le+wmFw0Sfg6rfUTXgqBp0Gh9yGh92HhtxHlO6',
    'jI66jI65KsddlSo35YTbyKT7yJT7sNpjeNpjaMZzaNZzcM5rcN5rcMF7YNF7YMmnf61P/zrfvvW+fRv8FBv9FJv8',
    'FZv9e7cE9G4N6NkW2LM9sHtHUPfOIPmuVfLdwfI9YFof3LUXTOtDuvaBaX1I534wrQ/tPACm9aEdB8G0PqzjEJjW',
    'h8kOg2l9uOwImNaHy46CaX1E+zEwrY9oPw6m9ZFtJ8C0PrLtJJjWR7WegiH0y7//aApdfVTradDVa6H/G1r66JYz',
    'ML6eCxV9dMtZCKLnQq6PaTkHofRcCPUxzechoJ4LiT62+QIM+uboVYBAH9t0EcLqufDWxzVdAuHXikoB3vq4xssg',
    '/NbSKcBXH994BYRLgUoB3vr4hqsg3Dl0CvDVJzRcA+FKo1KAtz6h4ToINyalAjz1ifU3QLiQqRTgrU+svwnCfU+p',
    'AE99Ut0tkF8nAuqT6m6D/LYiLECiT669AyqXoVD65Nq7oHXXCqJPkd4Dxavc+PoU6X3Q/adgZH2q9AEM8UfEcG/O',
    'f/rUmocQ6n8OFX1azSMwrU+TPAbT+nTJEzCtT69+Cqb1GdXPQFev5zNKS59R9RxU9LynBKE+s+oFCPVU5jRvfWbV',
    'Sxjia8UvPPRZla8gEj2XleqzKl9DPHouK9JnV7yBqPRc9NdnV7yF2PRc9NTnlL+DCPVc9NHnlL+HOPVcdOpzyz7A',
    'mO/9SqNTn1v2EaLVc9Guzyv7BIMuBRoFtOnzSj9Dn5UmYAHt+vzSLxCznosWfX7JV9BayIYsoFFfUPINOq8TwQto',
    '0RcUf4fO20oEBTTqC4t/QOdlKHgBLfrCop/QedeKoIBG/eqiX9B5lQteQIt+TdHyXySkTqFq9YpVAAAAAElFTkSu',
    'QmCC',
  ].join(''),
  'base64',
);
