import { groupCodePage } from '@/components/group/GroupCodeScreen';

/** /kodegroupcode, /kodegroupcode/{groupCode}, /kodegroupcode/{groupCode}/{languageToken}: the other group flow's entry (spec §2). */
export default groupCodePage('kodegroupcode');
