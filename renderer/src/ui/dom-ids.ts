/** The id of the job list's element: the list keys, the view keys, Esc and the list fold find and focus the list by it. */
export const JOB_LIST_ID = 'job-list'
