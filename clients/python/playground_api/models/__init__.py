"""Contains all the data models used in inputs/outputs"""

from .add_namespace_command import AddNamespaceCommand
from .add_namespace_command_type import AddNamespaceCommandType
from .add_node_command import AddNodeCommand
from .add_node_command_type import AddNodeCommandType
from .add_pdb_command import AddPdbCommand
from .add_pdb_command_type import AddPdbCommandType
from .add_pod_command import AddPodCommand
from .add_pod_command_type import AddPodCommandType
from .add_priorityclass_command import AddPriorityclassCommand
from .add_priorityclass_command_type import AddPriorityclassCommandType
from .answer_view import AnswerView
from .api_runs_state_retrieve_response_200 import ApiRunsStateRetrieveResponse200
from .api_runs_wait_retrieve_phase import ApiRunsWaitRetrievePhase
from .bulk_template_request import BulkTemplateRequest
from .clock import Clock
from .command_rejected import CommandRejected
from .command_result import CommandResult
from .command_status_enum import CommandStatusEnum
from .command_view import CommandView
from .command_view_error_type_0 import CommandViewErrorType0
from .command_view_payload import CommandViewPayload
from .cordon_command import CordonCommand
from .cordon_command_type import CordonCommandType
from .counts import Counts
from .credentials_request import CredentialsRequest
from .criterion_enum import CriterionEnum
from .daemon_set import DaemonSet
from .daemon_set_api_version import DaemonSetApiVersion
from .daemon_set_kind import DaemonSetKind
from .daemon_set_metadata import DaemonSetMetadata
from .daemon_set_metadata_annotations import DaemonSetMetadataAnnotations
from .daemon_set_metadata_labels import DaemonSetMetadataLabels
from .daemon_set_spec import DaemonSetSpec
from .daemon_set_spec_selector import DaemonSetSpecSelector
from .daemon_set_spec_selector_match_expressions_item import (
    DaemonSetSpecSelectorMatchExpressionsItem,
)
from .daemon_set_spec_selector_match_expressions_item_operator import (
    DaemonSetSpecSelectorMatchExpressionsItemOperator,
)
from .daemon_set_spec_selector_match_labels import DaemonSetSpecSelectorMatchLabels
from .daemon_set_spec_template import DaemonSetSpecTemplate
from .daemon_set_spec_template_metadata import DaemonSetSpecTemplateMetadata
from .daemon_set_spec_template_metadata_annotations import (
    DaemonSetSpecTemplateMetadataAnnotations,
)
from .daemon_set_spec_template_metadata_labels import (
    DaemonSetSpecTemplateMetadataLabels,
)
from .daemon_set_spec_template_spec import DaemonSetSpecTemplateSpec
from .daemon_set_spec_template_spec_affinity import DaemonSetSpecTemplateSpecAffinity
from .daemon_set_spec_template_spec_containers_item import (
    DaemonSetSpecTemplateSpecContainersItem,
)
from .daemon_set_spec_template_spec_containers_item_ports_item import (
    DaemonSetSpecTemplateSpecContainersItemPortsItem,
)
from .daemon_set_spec_template_spec_containers_item_resources import (
    DaemonSetSpecTemplateSpecContainersItemResources,
)
from .daemon_set_spec_template_spec_containers_item_resources_limits import (
    DaemonSetSpecTemplateSpecContainersItemResourcesLimits,
)
from .daemon_set_spec_template_spec_containers_item_resources_requests import (
    DaemonSetSpecTemplateSpecContainersItemResourcesRequests,
)
from .daemon_set_spec_template_spec_init_containers_item import (
    DaemonSetSpecTemplateSpecInitContainersItem,
)
from .daemon_set_spec_template_spec_init_containers_item_ports_item import (
    DaemonSetSpecTemplateSpecInitContainersItemPortsItem,
)
from .daemon_set_spec_template_spec_init_containers_item_resources import (
    DaemonSetSpecTemplateSpecInitContainersItemResources,
)
from .daemon_set_spec_template_spec_init_containers_item_resources_limits import (
    DaemonSetSpecTemplateSpecInitContainersItemResourcesLimits,
)
from .daemon_set_spec_template_spec_init_containers_item_resources_requests import (
    DaemonSetSpecTemplateSpecInitContainersItemResourcesRequests,
)
from .daemon_set_spec_template_spec_node_selector import (
    DaemonSetSpecTemplateSpecNodeSelector,
)
from .daemon_set_spec_template_spec_overhead import DaemonSetSpecTemplateSpecOverhead
from .daemon_set_spec_template_spec_preemption_policy import (
    DaemonSetSpecTemplateSpecPreemptionPolicy,
)
from .daemon_set_spec_template_spec_scheduling_gates_item import (
    DaemonSetSpecTemplateSpecSchedulingGatesItem,
)
from .daemon_set_spec_template_spec_tolerations_item import (
    DaemonSetSpecTemplateSpecTolerationsItem,
)
from .daemon_set_spec_template_spec_tolerations_item_effect import (
    DaemonSetSpecTemplateSpecTolerationsItemEffect,
)
from .daemon_set_spec_template_spec_tolerations_item_operator import (
    DaemonSetSpecTemplateSpecTolerationsItemOperator,
)
from .daemon_set_spec_template_spec_topology_spread_constraints_item import (
    DaemonSetSpecTemplateSpecTopologySpreadConstraintsItem,
)
from .daemon_set_spec_template_spec_topology_spread_constraints_item_label_selector import (
    DaemonSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelector,
)
from .daemon_set_spec_template_spec_topology_spread_constraints_item_label_selector_match_expressions_item import (
    DaemonSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItem,
)
from .daemon_set_spec_template_spec_topology_spread_constraints_item_label_selector_match_expressions_item_operator import (
    DaemonSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItemOperator,
)
from .daemon_set_spec_template_spec_topology_spread_constraints_item_label_selector_match_labels import (
    DaemonSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchLabels,
)
from .daemon_set_spec_template_spec_topology_spread_constraints_item_when_unsatisfiable import (
    DaemonSetSpecTemplateSpecTopologySpreadConstraintsItemWhenUnsatisfiable,
)
from .delete_node_command import DeleteNodeCommand
from .delete_node_command_type import DeleteNodeCommandType
from .delete_pdb_command import DeletePdbCommand
from .delete_pdb_command_type import DeletePdbCommandType
from .delete_pod_command import DeletePodCommand
from .delete_pod_command_type import DeletePodCommandType
from .delete_priorityclass_command import DeletePriorityclassCommand
from .delete_priorityclass_command_type import DeletePriorityclassCommandType
from .deleted_pod import DeletedPod
from .deployment import Deployment
from .deployment_api_version import DeploymentApiVersion
from .deployment_kind import DeploymentKind
from .deployment_metadata import DeploymentMetadata
from .deployment_metadata_annotations import DeploymentMetadataAnnotations
from .deployment_metadata_labels import DeploymentMetadataLabels
from .deployment_spec import DeploymentSpec
from .deployment_spec_selector import DeploymentSpecSelector
from .deployment_spec_selector_match_expressions_item import (
    DeploymentSpecSelectorMatchExpressionsItem,
)
from .deployment_spec_selector_match_expressions_item_operator import (
    DeploymentSpecSelectorMatchExpressionsItemOperator,
)
from .deployment_spec_selector_match_labels import DeploymentSpecSelectorMatchLabels
from .deployment_spec_template import DeploymentSpecTemplate
from .deployment_spec_template_metadata import DeploymentSpecTemplateMetadata
from .deployment_spec_template_metadata_annotations import (
    DeploymentSpecTemplateMetadataAnnotations,
)
from .deployment_spec_template_metadata_labels import (
    DeploymentSpecTemplateMetadataLabels,
)
from .deployment_spec_template_spec import DeploymentSpecTemplateSpec
from .deployment_spec_template_spec_affinity import DeploymentSpecTemplateSpecAffinity
from .deployment_spec_template_spec_containers_item import (
    DeploymentSpecTemplateSpecContainersItem,
)
from .deployment_spec_template_spec_containers_item_ports_item import (
    DeploymentSpecTemplateSpecContainersItemPortsItem,
)
from .deployment_spec_template_spec_containers_item_resources import (
    DeploymentSpecTemplateSpecContainersItemResources,
)
from .deployment_spec_template_spec_containers_item_resources_limits import (
    DeploymentSpecTemplateSpecContainersItemResourcesLimits,
)
from .deployment_spec_template_spec_containers_item_resources_requests import (
    DeploymentSpecTemplateSpecContainersItemResourcesRequests,
)
from .deployment_spec_template_spec_init_containers_item import (
    DeploymentSpecTemplateSpecInitContainersItem,
)
from .deployment_spec_template_spec_init_containers_item_ports_item import (
    DeploymentSpecTemplateSpecInitContainersItemPortsItem,
)
from .deployment_spec_template_spec_init_containers_item_resources import (
    DeploymentSpecTemplateSpecInitContainersItemResources,
)
from .deployment_spec_template_spec_init_containers_item_resources_limits import (
    DeploymentSpecTemplateSpecInitContainersItemResourcesLimits,
)
from .deployment_spec_template_spec_init_containers_item_resources_requests import (
    DeploymentSpecTemplateSpecInitContainersItemResourcesRequests,
)
from .deployment_spec_template_spec_node_selector import (
    DeploymentSpecTemplateSpecNodeSelector,
)
from .deployment_spec_template_spec_overhead import DeploymentSpecTemplateSpecOverhead
from .deployment_spec_template_spec_preemption_policy import (
    DeploymentSpecTemplateSpecPreemptionPolicy,
)
from .deployment_spec_template_spec_scheduling_gates_item import (
    DeploymentSpecTemplateSpecSchedulingGatesItem,
)
from .deployment_spec_template_spec_tolerations_item import (
    DeploymentSpecTemplateSpecTolerationsItem,
)
from .deployment_spec_template_spec_tolerations_item_effect import (
    DeploymentSpecTemplateSpecTolerationsItemEffect,
)
from .deployment_spec_template_spec_tolerations_item_operator import (
    DeploymentSpecTemplateSpecTolerationsItemOperator,
)
from .deployment_spec_template_spec_topology_spread_constraints_item import (
    DeploymentSpecTemplateSpecTopologySpreadConstraintsItem,
)
from .deployment_spec_template_spec_topology_spread_constraints_item_label_selector import (
    DeploymentSpecTemplateSpecTopologySpreadConstraintsItemLabelSelector,
)
from .deployment_spec_template_spec_topology_spread_constraints_item_label_selector_match_expressions_item import (
    DeploymentSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItem,
)
from .deployment_spec_template_spec_topology_spread_constraints_item_label_selector_match_expressions_item_operator import (
    DeploymentSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItemOperator,
)
from .deployment_spec_template_spec_topology_spread_constraints_item_label_selector_match_labels import (
    DeploymentSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchLabels,
)
from .deployment_spec_template_spec_topology_spread_constraints_item_when_unsatisfiable import (
    DeploymentSpecTemplateSpecTopologySpreadConstraintsItemWhenUnsatisfiable,
)
from .error import Error
from .error_item import ErrorItem
from .event import Event
from .events_page import EventsPage
from .evict_pod_command import EvictPodCommand
from .evict_pod_command_type import EvictPodCommandType
from .export import Export
from .fork_request import ForkRequest
from .import_request import ImportRequest
from .import_request_settings import ImportRequestSettings
from .job import Job
from .job_api_version import JobApiVersion
from .job_kind import JobKind
from .job_metadata import JobMetadata
from .job_metadata_annotations import JobMetadataAnnotations
from .job_metadata_labels import JobMetadataLabels
from .job_spec import JobSpec
from .job_spec_selector import JobSpecSelector
from .job_spec_selector_match_expressions_item import (
    JobSpecSelectorMatchExpressionsItem,
)
from .job_spec_selector_match_expressions_item_operator import (
    JobSpecSelectorMatchExpressionsItemOperator,
)
from .job_spec_selector_match_labels import JobSpecSelectorMatchLabels
from .job_spec_template import JobSpecTemplate
from .job_spec_template_metadata import JobSpecTemplateMetadata
from .job_spec_template_metadata_annotations import JobSpecTemplateMetadataAnnotations
from .job_spec_template_metadata_labels import JobSpecTemplateMetadataLabels
from .job_spec_template_spec import JobSpecTemplateSpec
from .job_spec_template_spec_affinity import JobSpecTemplateSpecAffinity
from .job_spec_template_spec_containers_item import JobSpecTemplateSpecContainersItem
from .job_spec_template_spec_containers_item_ports_item import (
    JobSpecTemplateSpecContainersItemPortsItem,
)
from .job_spec_template_spec_containers_item_resources import (
    JobSpecTemplateSpecContainersItemResources,
)
from .job_spec_template_spec_containers_item_resources_limits import (
    JobSpecTemplateSpecContainersItemResourcesLimits,
)
from .job_spec_template_spec_containers_item_resources_requests import (
    JobSpecTemplateSpecContainersItemResourcesRequests,
)
from .job_spec_template_spec_init_containers_item import (
    JobSpecTemplateSpecInitContainersItem,
)
from .job_spec_template_spec_init_containers_item_ports_item import (
    JobSpecTemplateSpecInitContainersItemPortsItem,
)
from .job_spec_template_spec_init_containers_item_resources import (
    JobSpecTemplateSpecInitContainersItemResources,
)
from .job_spec_template_spec_init_containers_item_resources_limits import (
    JobSpecTemplateSpecInitContainersItemResourcesLimits,
)
from .job_spec_template_spec_init_containers_item_resources_requests import (
    JobSpecTemplateSpecInitContainersItemResourcesRequests,
)
from .job_spec_template_spec_node_selector import JobSpecTemplateSpecNodeSelector
from .job_spec_template_spec_overhead import JobSpecTemplateSpecOverhead
from .job_spec_template_spec_preemption_policy import (
    JobSpecTemplateSpecPreemptionPolicy,
)
from .job_spec_template_spec_scheduling_gates_item import (
    JobSpecTemplateSpecSchedulingGatesItem,
)
from .job_spec_template_spec_tolerations_item import JobSpecTemplateSpecTolerationsItem
from .job_spec_template_spec_tolerations_item_effect import (
    JobSpecTemplateSpecTolerationsItemEffect,
)
from .job_spec_template_spec_tolerations_item_operator import (
    JobSpecTemplateSpecTolerationsItemOperator,
)
from .job_spec_template_spec_topology_spread_constraints_item import (
    JobSpecTemplateSpecTopologySpreadConstraintsItem,
)
from .job_spec_template_spec_topology_spread_constraints_item_label_selector import (
    JobSpecTemplateSpecTopologySpreadConstraintsItemLabelSelector,
)
from .job_spec_template_spec_topology_spread_constraints_item_label_selector_match_expressions_item import (
    JobSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItem,
)
from .job_spec_template_spec_topology_spread_constraints_item_label_selector_match_expressions_item_operator import (
    JobSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItemOperator,
)
from .job_spec_template_spec_topology_spread_constraints_item_label_selector_match_labels import (
    JobSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchLabels,
)
from .job_spec_template_spec_topology_spread_constraints_item_when_unsatisfiable import (
    JobSpecTemplateSpecTopologySpreadConstraintsItemWhenUnsatisfiable,
)
from .joined import Joined
from .k8s_runs_kubeconfig_retrieve_format import K8SRunsKubeconfigRetrieveFormat
from .kind_enum import KindEnum
from .lesson import Lesson
from .manifest import Manifest
from .me import Me
from .namespace import Namespace
from .namespace_api_version import NamespaceApiVersion
from .namespace_kind import NamespaceKind
from .namespace_metadata import NamespaceMetadata
from .namespace_metadata_annotations import NamespaceMetadataAnnotations
from .namespace_metadata_labels import NamespaceMetadataLabels
from .new_token import NewToken
from .node import Node
from .node_allocation import NodeAllocation
from .node_allocation_allocatable import NodeAllocationAllocatable
from .node_allocation_requested import NodeAllocationRequested
from .node_api_version import NodeApiVersion
from .node_kind import NodeKind
from .node_metadata import NodeMetadata
from .node_metadata_annotations import NodeMetadataAnnotations
from .node_metadata_labels import NodeMetadataLabels
from .node_spec import NodeSpec
from .node_spec_taints_item import NodeSpecTaintsItem
from .node_spec_taints_item_effect import NodeSpecTaintsItemEffect
from .node_status import NodeStatus
from .node_status_allocatable import NodeStatusAllocatable
from .node_status_capacity import NodeStatusCapacity
from .outcome import Outcome
from .outcome_pod import OutcomePod
from .owner import Owner
from .participant_view import ParticipantView
from .patched_scenario_update_request import PatchedScenarioUpdateRequest
from .patched_scenario_update_request_settings import (
    PatchedScenarioUpdateRequestSettings,
)
from .pause_command import PauseCommand
from .pause_command_type import PauseCommandType
from .phase_enum import PhaseEnum
from .pod import Pod
from .pod_api_version import PodApiVersion
from .pod_disruption_budget import PodDisruptionBudget
from .pod_disruption_budget_api_version import PodDisruptionBudgetApiVersion
from .pod_disruption_budget_kind import PodDisruptionBudgetKind
from .pod_disruption_budget_metadata import PodDisruptionBudgetMetadata
from .pod_disruption_budget_metadata_annotations import (
    PodDisruptionBudgetMetadataAnnotations,
)
from .pod_disruption_budget_metadata_labels import PodDisruptionBudgetMetadataLabels
from .pod_disruption_budget_spec import PodDisruptionBudgetSpec
from .pod_disruption_budget_spec_selector import PodDisruptionBudgetSpecSelector
from .pod_disruption_budget_spec_selector_match_expressions_item import (
    PodDisruptionBudgetSpecSelectorMatchExpressionsItem,
)
from .pod_disruption_budget_spec_selector_match_expressions_item_operator import (
    PodDisruptionBudgetSpecSelectorMatchExpressionsItemOperator,
)
from .pod_disruption_budget_spec_selector_match_labels import (
    PodDisruptionBudgetSpecSelectorMatchLabels,
)
from .pod_kind import PodKind
from .pod_metadata import PodMetadata
from .pod_metadata_annotations import PodMetadataAnnotations
from .pod_metadata_labels import PodMetadataLabels
from .pod_spec import PodSpec
from .pod_spec_affinity import PodSpecAffinity
from .pod_spec_containers_item import PodSpecContainersItem
from .pod_spec_containers_item_ports_item import PodSpecContainersItemPortsItem
from .pod_spec_containers_item_resources import PodSpecContainersItemResources
from .pod_spec_containers_item_resources_limits import (
    PodSpecContainersItemResourcesLimits,
)
from .pod_spec_containers_item_resources_requests import (
    PodSpecContainersItemResourcesRequests,
)
from .pod_spec_init_containers_item import PodSpecInitContainersItem
from .pod_spec_init_containers_item_ports_item import PodSpecInitContainersItemPortsItem
from .pod_spec_init_containers_item_resources import PodSpecInitContainersItemResources
from .pod_spec_init_containers_item_resources_limits import (
    PodSpecInitContainersItemResourcesLimits,
)
from .pod_spec_init_containers_item_resources_requests import (
    PodSpecInitContainersItemResourcesRequests,
)
from .pod_spec_node_selector import PodSpecNodeSelector
from .pod_spec_overhead import PodSpecOverhead
from .pod_spec_preemption_policy import PodSpecPreemptionPolicy
from .pod_spec_scheduling_gates_item import PodSpecSchedulingGatesItem
from .pod_spec_tolerations_item import PodSpecTolerationsItem
from .pod_spec_tolerations_item_effect import PodSpecTolerationsItemEffect
from .pod_spec_tolerations_item_operator import PodSpecTolerationsItemOperator
from .pod_spec_topology_spread_constraints_item import (
    PodSpecTopologySpreadConstraintsItem,
)
from .pod_spec_topology_spread_constraints_item_label_selector import (
    PodSpecTopologySpreadConstraintsItemLabelSelector,
)
from .pod_spec_topology_spread_constraints_item_label_selector_match_expressions_item import (
    PodSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItem,
)
from .pod_spec_topology_spread_constraints_item_label_selector_match_expressions_item_operator import (
    PodSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItemOperator,
)
from .pod_spec_topology_spread_constraints_item_label_selector_match_labels import (
    PodSpecTopologySpreadConstraintsItemLabelSelectorMatchLabels,
)
from .pod_spec_topology_spread_constraints_item_when_unsatisfiable import (
    PodSpecTopologySpreadConstraintsItemWhenUnsatisfiable,
)
from .position import Position
from .preemption import Preemption
from .priority_class import PriorityClass
from .priority_class_api_version import PriorityClassApiVersion
from .priority_class_kind import PriorityClassKind
from .priority_class_metadata import PriorityClassMetadata
from .priority_class_metadata_annotations import PriorityClassMetadataAnnotations
from .priority_class_metadata_labels import PriorityClassMetadataLabels
from .priority_class_preemption_policy import PriorityClassPreemptionPolicy
from .question import Question
from .question_view import QuestionView
from .reason_enum import ReasonEnum
from .remove_scheduling_gates_command import RemoveSchedulingGatesCommand
from .remove_scheduling_gates_command_type import RemoveSchedulingGatesCommandType
from .replace_yaml_request import ReplaceYamlRequest
from .replica_set import ReplicaSet
from .replica_set_api_version import ReplicaSetApiVersion
from .replica_set_kind import ReplicaSetKind
from .replica_set_metadata import ReplicaSetMetadata
from .replica_set_metadata_annotations import ReplicaSetMetadataAnnotations
from .replica_set_metadata_labels import ReplicaSetMetadataLabels
from .replica_set_spec import ReplicaSetSpec
from .replica_set_spec_selector import ReplicaSetSpecSelector
from .replica_set_spec_selector_match_expressions_item import (
    ReplicaSetSpecSelectorMatchExpressionsItem,
)
from .replica_set_spec_selector_match_expressions_item_operator import (
    ReplicaSetSpecSelectorMatchExpressionsItemOperator,
)
from .replica_set_spec_selector_match_labels import ReplicaSetSpecSelectorMatchLabels
from .replica_set_spec_template import ReplicaSetSpecTemplate
from .replica_set_spec_template_metadata import ReplicaSetSpecTemplateMetadata
from .replica_set_spec_template_metadata_annotations import (
    ReplicaSetSpecTemplateMetadataAnnotations,
)
from .replica_set_spec_template_metadata_labels import (
    ReplicaSetSpecTemplateMetadataLabels,
)
from .replica_set_spec_template_spec import ReplicaSetSpecTemplateSpec
from .replica_set_spec_template_spec_affinity import ReplicaSetSpecTemplateSpecAffinity
from .replica_set_spec_template_spec_containers_item import (
    ReplicaSetSpecTemplateSpecContainersItem,
)
from .replica_set_spec_template_spec_containers_item_ports_item import (
    ReplicaSetSpecTemplateSpecContainersItemPortsItem,
)
from .replica_set_spec_template_spec_containers_item_resources import (
    ReplicaSetSpecTemplateSpecContainersItemResources,
)
from .replica_set_spec_template_spec_containers_item_resources_limits import (
    ReplicaSetSpecTemplateSpecContainersItemResourcesLimits,
)
from .replica_set_spec_template_spec_containers_item_resources_requests import (
    ReplicaSetSpecTemplateSpecContainersItemResourcesRequests,
)
from .replica_set_spec_template_spec_init_containers_item import (
    ReplicaSetSpecTemplateSpecInitContainersItem,
)
from .replica_set_spec_template_spec_init_containers_item_ports_item import (
    ReplicaSetSpecTemplateSpecInitContainersItemPortsItem,
)
from .replica_set_spec_template_spec_init_containers_item_resources import (
    ReplicaSetSpecTemplateSpecInitContainersItemResources,
)
from .replica_set_spec_template_spec_init_containers_item_resources_limits import (
    ReplicaSetSpecTemplateSpecInitContainersItemResourcesLimits,
)
from .replica_set_spec_template_spec_init_containers_item_resources_requests import (
    ReplicaSetSpecTemplateSpecInitContainersItemResourcesRequests,
)
from .replica_set_spec_template_spec_node_selector import (
    ReplicaSetSpecTemplateSpecNodeSelector,
)
from .replica_set_spec_template_spec_overhead import ReplicaSetSpecTemplateSpecOverhead
from .replica_set_spec_template_spec_preemption_policy import (
    ReplicaSetSpecTemplateSpecPreemptionPolicy,
)
from .replica_set_spec_template_spec_scheduling_gates_item import (
    ReplicaSetSpecTemplateSpecSchedulingGatesItem,
)
from .replica_set_spec_template_spec_tolerations_item import (
    ReplicaSetSpecTemplateSpecTolerationsItem,
)
from .replica_set_spec_template_spec_tolerations_item_effect import (
    ReplicaSetSpecTemplateSpecTolerationsItemEffect,
)
from .replica_set_spec_template_spec_tolerations_item_operator import (
    ReplicaSetSpecTemplateSpecTolerationsItemOperator,
)
from .replica_set_spec_template_spec_topology_spread_constraints_item import (
    ReplicaSetSpecTemplateSpecTopologySpreadConstraintsItem,
)
from .replica_set_spec_template_spec_topology_spread_constraints_item_label_selector import (
    ReplicaSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelector,
)
from .replica_set_spec_template_spec_topology_spread_constraints_item_label_selector_match_expressions_item import (
    ReplicaSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItem,
)
from .replica_set_spec_template_spec_topology_spread_constraints_item_label_selector_match_expressions_item_operator import (
    ReplicaSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItemOperator,
)
from .replica_set_spec_template_spec_topology_spread_constraints_item_label_selector_match_labels import (
    ReplicaSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchLabels,
)
from .replica_set_spec_template_spec_topology_spread_constraints_item_when_unsatisfiable import (
    ReplicaSetSpecTemplateSpecTopologySpreadConstraintsItemWhenUnsatisfiable,
)
from .restart_command import RestartCommand
from .restart_command_type import RestartCommandType
from .resume_command import ResumeCommand
from .resume_command_type import ResumeCommandType
from .role_enum import RoleEnum
from .roster_entry import RosterEntry
from .roster_entry_answers import RosterEntryAnswers
from .run_create_request import RunCreateRequest
from .run_fork_request import RunForkRequest
from .run_owner import RunOwner
from .run_page import RunPage
from .run_status_enum import RunStatusEnum
from .run_view import RunView
from .scale_command import ScaleCommand
from .scale_command_kind import ScaleCommandKind
from .scale_command_type import ScaleCommandType
from .scenario_detail import ScenarioDetail
from .scenario_detail_settings import ScenarioDetailSettings
from .scenario_page import ScenarioPage
from .scenario_summary import ScenarioSummary
from .scenario_update_request import ScenarioUpdateRequest
from .scenario_update_request_settings import ScenarioUpdateRequestSettings
from .scenario_write_request import ScenarioWriteRequest
from .scenario_write_request_settings import ScenarioWriteRequestSettings
from .scenarios_by_slug_daemonsets_bulk_post_response_201 import (
    ScenariosBySlugDaemonsetsBulkPostResponse201,
)
from .scenarios_by_slug_daemonsets_by_name_get_response_200 import (
    ScenariosBySlugDaemonsetsByNameGetResponse200,
)
from .scenarios_by_slug_daemonsets_by_name_put_response_200 import (
    ScenariosBySlugDaemonsetsByNamePutResponse200,
)
from .scenarios_by_slug_daemonsets_by_namespace_by_name_get_response_200 import (
    ScenariosBySlugDaemonsetsByNamespaceByNameGetResponse200,
)
from .scenarios_by_slug_daemonsets_by_namespace_by_name_put_response_200 import (
    ScenariosBySlugDaemonsetsByNamespaceByNamePutResponse200,
)
from .scenarios_by_slug_daemonsets_get_response_200 import (
    ScenariosBySlugDaemonsetsGetResponse200,
)
from .scenarios_by_slug_daemonsets_post_response_201 import (
    ScenariosBySlugDaemonsetsPostResponse201,
)
from .scenarios_by_slug_deployments_bulk_post_response_201 import (
    ScenariosBySlugDeploymentsBulkPostResponse201,
)
from .scenarios_by_slug_deployments_by_name_get_response_200 import (
    ScenariosBySlugDeploymentsByNameGetResponse200,
)
from .scenarios_by_slug_deployments_by_name_put_response_200 import (
    ScenariosBySlugDeploymentsByNamePutResponse200,
)
from .scenarios_by_slug_deployments_by_namespace_by_name_get_response_200 import (
    ScenariosBySlugDeploymentsByNamespaceByNameGetResponse200,
)
from .scenarios_by_slug_deployments_by_namespace_by_name_put_response_200 import (
    ScenariosBySlugDeploymentsByNamespaceByNamePutResponse200,
)
from .scenarios_by_slug_deployments_get_response_200 import (
    ScenariosBySlugDeploymentsGetResponse200,
)
from .scenarios_by_slug_deployments_post_response_201 import (
    ScenariosBySlugDeploymentsPostResponse201,
)
from .scenarios_by_slug_export_get_format import ScenariosBySlugExportGetFormat
from .scenarios_by_slug_jobs_bulk_post_response_201 import (
    ScenariosBySlugJobsBulkPostResponse201,
)
from .scenarios_by_slug_jobs_by_name_get_response_200 import (
    ScenariosBySlugJobsByNameGetResponse200,
)
from .scenarios_by_slug_jobs_by_name_put_response_200 import (
    ScenariosBySlugJobsByNamePutResponse200,
)
from .scenarios_by_slug_jobs_by_namespace_by_name_get_response_200 import (
    ScenariosBySlugJobsByNamespaceByNameGetResponse200,
)
from .scenarios_by_slug_jobs_by_namespace_by_name_put_response_200 import (
    ScenariosBySlugJobsByNamespaceByNamePutResponse200,
)
from .scenarios_by_slug_jobs_get_response_200 import ScenariosBySlugJobsGetResponse200
from .scenarios_by_slug_jobs_post_response_201 import ScenariosBySlugJobsPostResponse201
from .scenarios_by_slug_namespaces_bulk_post_response_201 import (
    ScenariosBySlugNamespacesBulkPostResponse201,
)
from .scenarios_by_slug_namespaces_by_name_get_response_200 import (
    ScenariosBySlugNamespacesByNameGetResponse200,
)
from .scenarios_by_slug_namespaces_by_name_put_response_200 import (
    ScenariosBySlugNamespacesByNamePutResponse200,
)
from .scenarios_by_slug_namespaces_get_response_200 import (
    ScenariosBySlugNamespacesGetResponse200,
)
from .scenarios_by_slug_namespaces_post_response_201 import (
    ScenariosBySlugNamespacesPostResponse201,
)
from .scenarios_by_slug_nodes_bulk_post_response_201 import (
    ScenariosBySlugNodesBulkPostResponse201,
)
from .scenarios_by_slug_nodes_by_name_get_response_200 import (
    ScenariosBySlugNodesByNameGetResponse200,
)
from .scenarios_by_slug_nodes_by_name_put_response_200 import (
    ScenariosBySlugNodesByNamePutResponse200,
)
from .scenarios_by_slug_nodes_get_response_200 import ScenariosBySlugNodesGetResponse200
from .scenarios_by_slug_nodes_post_response_201 import (
    ScenariosBySlugNodesPostResponse201,
)
from .scenarios_by_slug_poddisruptionbudgets_bulk_post_response_201 import (
    ScenariosBySlugPoddisruptionbudgetsBulkPostResponse201,
)
from .scenarios_by_slug_poddisruptionbudgets_by_name_get_response_200 import (
    ScenariosBySlugPoddisruptionbudgetsByNameGetResponse200,
)
from .scenarios_by_slug_poddisruptionbudgets_by_name_put_response_200 import (
    ScenariosBySlugPoddisruptionbudgetsByNamePutResponse200,
)
from .scenarios_by_slug_poddisruptionbudgets_by_namespace_by_name_get_response_200 import (
    ScenariosBySlugPoddisruptionbudgetsByNamespaceByNameGetResponse200,
)
from .scenarios_by_slug_poddisruptionbudgets_by_namespace_by_name_put_response_200 import (
    ScenariosBySlugPoddisruptionbudgetsByNamespaceByNamePutResponse200,
)
from .scenarios_by_slug_poddisruptionbudgets_get_response_200 import (
    ScenariosBySlugPoddisruptionbudgetsGetResponse200,
)
from .scenarios_by_slug_poddisruptionbudgets_post_response_201 import (
    ScenariosBySlugPoddisruptionbudgetsPostResponse201,
)
from .scenarios_by_slug_pods_bulk_post_response_201 import (
    ScenariosBySlugPodsBulkPostResponse201,
)
from .scenarios_by_slug_pods_by_name_get_response_200 import (
    ScenariosBySlugPodsByNameGetResponse200,
)
from .scenarios_by_slug_pods_by_name_put_response_200 import (
    ScenariosBySlugPodsByNamePutResponse200,
)
from .scenarios_by_slug_pods_by_namespace_by_name_get_response_200 import (
    ScenariosBySlugPodsByNamespaceByNameGetResponse200,
)
from .scenarios_by_slug_pods_by_namespace_by_name_put_response_200 import (
    ScenariosBySlugPodsByNamespaceByNamePutResponse200,
)
from .scenarios_by_slug_pods_get_response_200 import ScenariosBySlugPodsGetResponse200
from .scenarios_by_slug_pods_post_response_201 import ScenariosBySlugPodsPostResponse201
from .scenarios_by_slug_priorityclasses_bulk_post_response_201 import (
    ScenariosBySlugPriorityclassesBulkPostResponse201,
)
from .scenarios_by_slug_priorityclasses_by_name_get_response_200 import (
    ScenariosBySlugPriorityclassesByNameGetResponse200,
)
from .scenarios_by_slug_priorityclasses_by_name_put_response_200 import (
    ScenariosBySlugPriorityclassesByNamePutResponse200,
)
from .scenarios_by_slug_priorityclasses_get_response_200 import (
    ScenariosBySlugPriorityclassesGetResponse200,
)
from .scenarios_by_slug_priorityclasses_post_response_201 import (
    ScenariosBySlugPriorityclassesPostResponse201,
)
from .scenarios_by_slug_replicasets_bulk_post_response_201 import (
    ScenariosBySlugReplicasetsBulkPostResponse201,
)
from .scenarios_by_slug_replicasets_by_name_get_response_200 import (
    ScenariosBySlugReplicasetsByNameGetResponse200,
)
from .scenarios_by_slug_replicasets_by_name_put_response_200 import (
    ScenariosBySlugReplicasetsByNamePutResponse200,
)
from .scenarios_by_slug_replicasets_by_namespace_by_name_get_response_200 import (
    ScenariosBySlugReplicasetsByNamespaceByNameGetResponse200,
)
from .scenarios_by_slug_replicasets_by_namespace_by_name_put_response_200 import (
    ScenariosBySlugReplicasetsByNamespaceByNamePutResponse200,
)
from .scenarios_by_slug_replicasets_get_response_200 import (
    ScenariosBySlugReplicasetsGetResponse200,
)
from .scenarios_by_slug_replicasets_post_response_201 import (
    ScenariosBySlugReplicasetsPostResponse201,
)
from .scenarios_by_slug_statefulsets_bulk_post_response_201 import (
    ScenariosBySlugStatefulsetsBulkPostResponse201,
)
from .scenarios_by_slug_statefulsets_by_name_get_response_200 import (
    ScenariosBySlugStatefulsetsByNameGetResponse200,
)
from .scenarios_by_slug_statefulsets_by_name_put_response_200 import (
    ScenariosBySlugStatefulsetsByNamePutResponse200,
)
from .scenarios_by_slug_statefulsets_by_namespace_by_name_get_response_200 import (
    ScenariosBySlugStatefulsetsByNamespaceByNameGetResponse200,
)
from .scenarios_by_slug_statefulsets_by_namespace_by_name_put_response_200 import (
    ScenariosBySlugStatefulsetsByNamespaceByNamePutResponse200,
)
from .scenarios_by_slug_statefulsets_get_response_200 import (
    ScenariosBySlugStatefulsetsGetResponse200,
)
from .scenarios_by_slug_statefulsets_post_response_201 import (
    ScenariosBySlugStatefulsetsPostResponse201,
)
from .scenarios_get_scope import ScenariosGetScope
from .scenarios_import_post_visibility import ScenariosImportPostVisibility
from .set_namespace_labels_command import SetNamespaceLabelsCommand
from .set_namespace_labels_command_labels import SetNamespaceLabelsCommandLabels
from .set_namespace_labels_command_type import SetNamespaceLabelsCommandType
from .set_node_annotations_command import SetNodeAnnotationsCommand
from .set_node_annotations_command_annotations import (
    SetNodeAnnotationsCommandAnnotations,
)
from .set_node_annotations_command_type import SetNodeAnnotationsCommandType
from .set_node_labels_command import SetNodeLabelsCommand
from .set_node_labels_command_labels import SetNodeLabelsCommandLabels
from .set_node_labels_command_type import SetNodeLabelsCommandType
from .set_node_taints_command import SetNodeTaintsCommand
from .set_node_taints_command_taints_item import SetNodeTaintsCommandTaintsItem
from .set_node_taints_command_taints_item_effect import (
    SetNodeTaintsCommandTaintsItemEffect,
)
from .set_node_taints_command_type import SetNodeTaintsCommandType
from .set_pod_annotations_command import SetPodAnnotationsCommand
from .set_pod_annotations_command_annotations import SetPodAnnotationsCommandAnnotations
from .set_pod_annotations_command_type import SetPodAnnotationsCommandType
from .set_pod_labels_command import SetPodLabelsCommand
from .set_pod_labels_command_labels import SetPodLabelsCommandLabels
from .set_pod_labels_command_type import SetPodLabelsCommandType
from .speed_command import SpeedCommand
from .speed_command_type import SpeedCommandType
from .stateful_set import StatefulSet
from .stateful_set_api_version import StatefulSetApiVersion
from .stateful_set_kind import StatefulSetKind
from .stateful_set_metadata import StatefulSetMetadata
from .stateful_set_metadata_annotations import StatefulSetMetadataAnnotations
from .stateful_set_metadata_labels import StatefulSetMetadataLabels
from .stateful_set_spec import StatefulSetSpec
from .stateful_set_spec_pod_management_policy import StatefulSetSpecPodManagementPolicy
from .stateful_set_spec_selector import StatefulSetSpecSelector
from .stateful_set_spec_selector_match_expressions_item import (
    StatefulSetSpecSelectorMatchExpressionsItem,
)
from .stateful_set_spec_selector_match_expressions_item_operator import (
    StatefulSetSpecSelectorMatchExpressionsItemOperator,
)
from .stateful_set_spec_selector_match_labels import StatefulSetSpecSelectorMatchLabels
from .stateful_set_spec_template import StatefulSetSpecTemplate
from .stateful_set_spec_template_metadata import StatefulSetSpecTemplateMetadata
from .stateful_set_spec_template_metadata_annotations import (
    StatefulSetSpecTemplateMetadataAnnotations,
)
from .stateful_set_spec_template_metadata_labels import (
    StatefulSetSpecTemplateMetadataLabels,
)
from .stateful_set_spec_template_spec import StatefulSetSpecTemplateSpec
from .stateful_set_spec_template_spec_affinity import (
    StatefulSetSpecTemplateSpecAffinity,
)
from .stateful_set_spec_template_spec_containers_item import (
    StatefulSetSpecTemplateSpecContainersItem,
)
from .stateful_set_spec_template_spec_containers_item_ports_item import (
    StatefulSetSpecTemplateSpecContainersItemPortsItem,
)
from .stateful_set_spec_template_spec_containers_item_resources import (
    StatefulSetSpecTemplateSpecContainersItemResources,
)
from .stateful_set_spec_template_spec_containers_item_resources_limits import (
    StatefulSetSpecTemplateSpecContainersItemResourcesLimits,
)
from .stateful_set_spec_template_spec_containers_item_resources_requests import (
    StatefulSetSpecTemplateSpecContainersItemResourcesRequests,
)
from .stateful_set_spec_template_spec_init_containers_item import (
    StatefulSetSpecTemplateSpecInitContainersItem,
)
from .stateful_set_spec_template_spec_init_containers_item_ports_item import (
    StatefulSetSpecTemplateSpecInitContainersItemPortsItem,
)
from .stateful_set_spec_template_spec_init_containers_item_resources import (
    StatefulSetSpecTemplateSpecInitContainersItemResources,
)
from .stateful_set_spec_template_spec_init_containers_item_resources_limits import (
    StatefulSetSpecTemplateSpecInitContainersItemResourcesLimits,
)
from .stateful_set_spec_template_spec_init_containers_item_resources_requests import (
    StatefulSetSpecTemplateSpecInitContainersItemResourcesRequests,
)
from .stateful_set_spec_template_spec_node_selector import (
    StatefulSetSpecTemplateSpecNodeSelector,
)
from .stateful_set_spec_template_spec_overhead import (
    StatefulSetSpecTemplateSpecOverhead,
)
from .stateful_set_spec_template_spec_preemption_policy import (
    StatefulSetSpecTemplateSpecPreemptionPolicy,
)
from .stateful_set_spec_template_spec_scheduling_gates_item import (
    StatefulSetSpecTemplateSpecSchedulingGatesItem,
)
from .stateful_set_spec_template_spec_tolerations_item import (
    StatefulSetSpecTemplateSpecTolerationsItem,
)
from .stateful_set_spec_template_spec_tolerations_item_effect import (
    StatefulSetSpecTemplateSpecTolerationsItemEffect,
)
from .stateful_set_spec_template_spec_tolerations_item_operator import (
    StatefulSetSpecTemplateSpecTolerationsItemOperator,
)
from .stateful_set_spec_template_spec_topology_spread_constraints_item import (
    StatefulSetSpecTemplateSpecTopologySpreadConstraintsItem,
)
from .stateful_set_spec_template_spec_topology_spread_constraints_item_label_selector import (
    StatefulSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelector,
)
from .stateful_set_spec_template_spec_topology_spread_constraints_item_label_selector_match_expressions_item import (
    StatefulSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItem,
)
from .stateful_set_spec_template_spec_topology_spread_constraints_item_label_selector_match_expressions_item_operator import (
    StatefulSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItemOperator,
)
from .stateful_set_spec_template_spec_topology_spread_constraints_item_label_selector_match_labels import (
    StatefulSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchLabels,
)
from .stateful_set_spec_template_spec_topology_spread_constraints_item_when_unsatisfiable import (
    StatefulSetSpecTemplateSpecTopologySpreadConstraintsItemWhenUnsatisfiable,
)
from .step import Step
from .step_command import StepCommand
from .step_command_type import StepCommandType
from .stop_command import StopCommand
from .stop_command_type import StopCommandType
from .tally import Tally
from .tally_counts import TallyCounts
from .timed_command import TimedCommand
from .timed_command_command import TimedCommandCommand
from .token import Token
from .token_create_request import TokenCreateRequest
from .uncordon_command import UncordonCommand
from .uncordon_command_type import UncordonCommandType
from .update_pdb_command import UpdatePdbCommand
from .update_pdb_command_type import UpdatePdbCommandType
from .update_priorityclass_command import UpdatePriorityclassCommand
from .update_priorityclass_command_type import UpdatePriorityclassCommandType
from .variant import Variant
from .view_enum import ViewEnum
from .visibility_enum import VisibilityEnum
from .wait import Wait
from .wait_failed import WaitFailed
from .wait_failed_errors_item import WaitFailedErrorsItem
from .wait_failed_pod_type_0 import WaitFailedPodType0
from .wait_pod_type_0 import WaitPodType0
from .workshop_answer_request import WorkshopAnswerRequest
from .workshop_ask_request import WorkshopAskRequest
from .workshop_create_request import WorkshopCreateRequest
from .workshop_detail import WorkshopDetail
from .workshop_join_request import WorkshopJoinRequest
from .workshop_lock_request import WorkshopLockRequest
from .workshop_push_request import WorkshopPushRequest
from .workshop_view import WorkshopView
from .ws_ticket import WsTicket

__all__ = (
    "AddNamespaceCommand",
    "AddNamespaceCommandType",
    "AddNodeCommand",
    "AddNodeCommandType",
    "AddPdbCommand",
    "AddPdbCommandType",
    "AddPodCommand",
    "AddPodCommandType",
    "AddPriorityclassCommand",
    "AddPriorityclassCommandType",
    "AnswerView",
    "ApiRunsStateRetrieveResponse200",
    "ApiRunsWaitRetrievePhase",
    "BulkTemplateRequest",
    "Clock",
    "CommandRejected",
    "CommandResult",
    "CommandStatusEnum",
    "CommandView",
    "CommandViewErrorType0",
    "CommandViewPayload",
    "CordonCommand",
    "CordonCommandType",
    "Counts",
    "CredentialsRequest",
    "CriterionEnum",
    "DaemonSet",
    "DaemonSetApiVersion",
    "DaemonSetKind",
    "DaemonSetMetadata",
    "DaemonSetMetadataAnnotations",
    "DaemonSetMetadataLabels",
    "DaemonSetSpec",
    "DaemonSetSpecSelector",
    "DaemonSetSpecSelectorMatchExpressionsItem",
    "DaemonSetSpecSelectorMatchExpressionsItemOperator",
    "DaemonSetSpecSelectorMatchLabels",
    "DaemonSetSpecTemplate",
    "DaemonSetSpecTemplateMetadata",
    "DaemonSetSpecTemplateMetadataAnnotations",
    "DaemonSetSpecTemplateMetadataLabels",
    "DaemonSetSpecTemplateSpec",
    "DaemonSetSpecTemplateSpecAffinity",
    "DaemonSetSpecTemplateSpecContainersItem",
    "DaemonSetSpecTemplateSpecContainersItemPortsItem",
    "DaemonSetSpecTemplateSpecContainersItemResources",
    "DaemonSetSpecTemplateSpecContainersItemResourcesLimits",
    "DaemonSetSpecTemplateSpecContainersItemResourcesRequests",
    "DaemonSetSpecTemplateSpecInitContainersItem",
    "DaemonSetSpecTemplateSpecInitContainersItemPortsItem",
    "DaemonSetSpecTemplateSpecInitContainersItemResources",
    "DaemonSetSpecTemplateSpecInitContainersItemResourcesLimits",
    "DaemonSetSpecTemplateSpecInitContainersItemResourcesRequests",
    "DaemonSetSpecTemplateSpecNodeSelector",
    "DaemonSetSpecTemplateSpecOverhead",
    "DaemonSetSpecTemplateSpecPreemptionPolicy",
    "DaemonSetSpecTemplateSpecSchedulingGatesItem",
    "DaemonSetSpecTemplateSpecTolerationsItem",
    "DaemonSetSpecTemplateSpecTolerationsItemEffect",
    "DaemonSetSpecTemplateSpecTolerationsItemOperator",
    "DaemonSetSpecTemplateSpecTopologySpreadConstraintsItem",
    "DaemonSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelector",
    "DaemonSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItem",
    "DaemonSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItemOperator",
    "DaemonSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchLabels",
    "DaemonSetSpecTemplateSpecTopologySpreadConstraintsItemWhenUnsatisfiable",
    "DeleteNodeCommand",
    "DeleteNodeCommandType",
    "DeletePdbCommand",
    "DeletePdbCommandType",
    "DeletePodCommand",
    "DeletePodCommandType",
    "DeletePriorityclassCommand",
    "DeletePriorityclassCommandType",
    "DeletedPod",
    "Deployment",
    "DeploymentApiVersion",
    "DeploymentKind",
    "DeploymentMetadata",
    "DeploymentMetadataAnnotations",
    "DeploymentMetadataLabels",
    "DeploymentSpec",
    "DeploymentSpecSelector",
    "DeploymentSpecSelectorMatchExpressionsItem",
    "DeploymentSpecSelectorMatchExpressionsItemOperator",
    "DeploymentSpecSelectorMatchLabels",
    "DeploymentSpecTemplate",
    "DeploymentSpecTemplateMetadata",
    "DeploymentSpecTemplateMetadataAnnotations",
    "DeploymentSpecTemplateMetadataLabels",
    "DeploymentSpecTemplateSpec",
    "DeploymentSpecTemplateSpecAffinity",
    "DeploymentSpecTemplateSpecContainersItem",
    "DeploymentSpecTemplateSpecContainersItemPortsItem",
    "DeploymentSpecTemplateSpecContainersItemResources",
    "DeploymentSpecTemplateSpecContainersItemResourcesLimits",
    "DeploymentSpecTemplateSpecContainersItemResourcesRequests",
    "DeploymentSpecTemplateSpecInitContainersItem",
    "DeploymentSpecTemplateSpecInitContainersItemPortsItem",
    "DeploymentSpecTemplateSpecInitContainersItemResources",
    "DeploymentSpecTemplateSpecInitContainersItemResourcesLimits",
    "DeploymentSpecTemplateSpecInitContainersItemResourcesRequests",
    "DeploymentSpecTemplateSpecNodeSelector",
    "DeploymentSpecTemplateSpecOverhead",
    "DeploymentSpecTemplateSpecPreemptionPolicy",
    "DeploymentSpecTemplateSpecSchedulingGatesItem",
    "DeploymentSpecTemplateSpecTolerationsItem",
    "DeploymentSpecTemplateSpecTolerationsItemEffect",
    "DeploymentSpecTemplateSpecTolerationsItemOperator",
    "DeploymentSpecTemplateSpecTopologySpreadConstraintsItem",
    "DeploymentSpecTemplateSpecTopologySpreadConstraintsItemLabelSelector",
    "DeploymentSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItem",
    "DeploymentSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItemOperator",
    "DeploymentSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchLabels",
    "DeploymentSpecTemplateSpecTopologySpreadConstraintsItemWhenUnsatisfiable",
    "Error",
    "ErrorItem",
    "Event",
    "EventsPage",
    "EvictPodCommand",
    "EvictPodCommandType",
    "Export",
    "ForkRequest",
    "ImportRequest",
    "ImportRequestSettings",
    "Job",
    "JobApiVersion",
    "JobKind",
    "JobMetadata",
    "JobMetadataAnnotations",
    "JobMetadataLabels",
    "JobSpec",
    "JobSpecSelector",
    "JobSpecSelectorMatchExpressionsItem",
    "JobSpecSelectorMatchExpressionsItemOperator",
    "JobSpecSelectorMatchLabels",
    "JobSpecTemplate",
    "JobSpecTemplateMetadata",
    "JobSpecTemplateMetadataAnnotations",
    "JobSpecTemplateMetadataLabels",
    "JobSpecTemplateSpec",
    "JobSpecTemplateSpecAffinity",
    "JobSpecTemplateSpecContainersItem",
    "JobSpecTemplateSpecContainersItemPortsItem",
    "JobSpecTemplateSpecContainersItemResources",
    "JobSpecTemplateSpecContainersItemResourcesLimits",
    "JobSpecTemplateSpecContainersItemResourcesRequests",
    "JobSpecTemplateSpecInitContainersItem",
    "JobSpecTemplateSpecInitContainersItemPortsItem",
    "JobSpecTemplateSpecInitContainersItemResources",
    "JobSpecTemplateSpecInitContainersItemResourcesLimits",
    "JobSpecTemplateSpecInitContainersItemResourcesRequests",
    "JobSpecTemplateSpecNodeSelector",
    "JobSpecTemplateSpecOverhead",
    "JobSpecTemplateSpecPreemptionPolicy",
    "JobSpecTemplateSpecSchedulingGatesItem",
    "JobSpecTemplateSpecTolerationsItem",
    "JobSpecTemplateSpecTolerationsItemEffect",
    "JobSpecTemplateSpecTolerationsItemOperator",
    "JobSpecTemplateSpecTopologySpreadConstraintsItem",
    "JobSpecTemplateSpecTopologySpreadConstraintsItemLabelSelector",
    "JobSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItem",
    "JobSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItemOperator",
    "JobSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchLabels",
    "JobSpecTemplateSpecTopologySpreadConstraintsItemWhenUnsatisfiable",
    "Joined",
    "K8SRunsKubeconfigRetrieveFormat",
    "KindEnum",
    "Lesson",
    "Manifest",
    "Me",
    "Namespace",
    "NamespaceApiVersion",
    "NamespaceKind",
    "NamespaceMetadata",
    "NamespaceMetadataAnnotations",
    "NamespaceMetadataLabels",
    "NewToken",
    "Node",
    "NodeAllocation",
    "NodeAllocationAllocatable",
    "NodeAllocationRequested",
    "NodeApiVersion",
    "NodeKind",
    "NodeMetadata",
    "NodeMetadataAnnotations",
    "NodeMetadataLabels",
    "NodeSpec",
    "NodeSpecTaintsItem",
    "NodeSpecTaintsItemEffect",
    "NodeStatus",
    "NodeStatusAllocatable",
    "NodeStatusCapacity",
    "Outcome",
    "OutcomePod",
    "Owner",
    "ParticipantView",
    "PatchedScenarioUpdateRequest",
    "PatchedScenarioUpdateRequestSettings",
    "PauseCommand",
    "PauseCommandType",
    "PhaseEnum",
    "Pod",
    "PodApiVersion",
    "PodDisruptionBudget",
    "PodDisruptionBudgetApiVersion",
    "PodDisruptionBudgetKind",
    "PodDisruptionBudgetMetadata",
    "PodDisruptionBudgetMetadataAnnotations",
    "PodDisruptionBudgetMetadataLabels",
    "PodDisruptionBudgetSpec",
    "PodDisruptionBudgetSpecSelector",
    "PodDisruptionBudgetSpecSelectorMatchExpressionsItem",
    "PodDisruptionBudgetSpecSelectorMatchExpressionsItemOperator",
    "PodDisruptionBudgetSpecSelectorMatchLabels",
    "PodKind",
    "PodMetadata",
    "PodMetadataAnnotations",
    "PodMetadataLabels",
    "PodSpec",
    "PodSpecAffinity",
    "PodSpecContainersItem",
    "PodSpecContainersItemPortsItem",
    "PodSpecContainersItemResources",
    "PodSpecContainersItemResourcesLimits",
    "PodSpecContainersItemResourcesRequests",
    "PodSpecInitContainersItem",
    "PodSpecInitContainersItemPortsItem",
    "PodSpecInitContainersItemResources",
    "PodSpecInitContainersItemResourcesLimits",
    "PodSpecInitContainersItemResourcesRequests",
    "PodSpecNodeSelector",
    "PodSpecOverhead",
    "PodSpecPreemptionPolicy",
    "PodSpecSchedulingGatesItem",
    "PodSpecTolerationsItem",
    "PodSpecTolerationsItemEffect",
    "PodSpecTolerationsItemOperator",
    "PodSpecTopologySpreadConstraintsItem",
    "PodSpecTopologySpreadConstraintsItemLabelSelector",
    "PodSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItem",
    "PodSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItemOperator",
    "PodSpecTopologySpreadConstraintsItemLabelSelectorMatchLabels",
    "PodSpecTopologySpreadConstraintsItemWhenUnsatisfiable",
    "Position",
    "Preemption",
    "PriorityClass",
    "PriorityClassApiVersion",
    "PriorityClassKind",
    "PriorityClassMetadata",
    "PriorityClassMetadataAnnotations",
    "PriorityClassMetadataLabels",
    "PriorityClassPreemptionPolicy",
    "Question",
    "QuestionView",
    "ReasonEnum",
    "RemoveSchedulingGatesCommand",
    "RemoveSchedulingGatesCommandType",
    "ReplaceYamlRequest",
    "ReplicaSet",
    "ReplicaSetApiVersion",
    "ReplicaSetKind",
    "ReplicaSetMetadata",
    "ReplicaSetMetadataAnnotations",
    "ReplicaSetMetadataLabels",
    "ReplicaSetSpec",
    "ReplicaSetSpecSelector",
    "ReplicaSetSpecSelectorMatchExpressionsItem",
    "ReplicaSetSpecSelectorMatchExpressionsItemOperator",
    "ReplicaSetSpecSelectorMatchLabels",
    "ReplicaSetSpecTemplate",
    "ReplicaSetSpecTemplateMetadata",
    "ReplicaSetSpecTemplateMetadataAnnotations",
    "ReplicaSetSpecTemplateMetadataLabels",
    "ReplicaSetSpecTemplateSpec",
    "ReplicaSetSpecTemplateSpecAffinity",
    "ReplicaSetSpecTemplateSpecContainersItem",
    "ReplicaSetSpecTemplateSpecContainersItemPortsItem",
    "ReplicaSetSpecTemplateSpecContainersItemResources",
    "ReplicaSetSpecTemplateSpecContainersItemResourcesLimits",
    "ReplicaSetSpecTemplateSpecContainersItemResourcesRequests",
    "ReplicaSetSpecTemplateSpecInitContainersItem",
    "ReplicaSetSpecTemplateSpecInitContainersItemPortsItem",
    "ReplicaSetSpecTemplateSpecInitContainersItemResources",
    "ReplicaSetSpecTemplateSpecInitContainersItemResourcesLimits",
    "ReplicaSetSpecTemplateSpecInitContainersItemResourcesRequests",
    "ReplicaSetSpecTemplateSpecNodeSelector",
    "ReplicaSetSpecTemplateSpecOverhead",
    "ReplicaSetSpecTemplateSpecPreemptionPolicy",
    "ReplicaSetSpecTemplateSpecSchedulingGatesItem",
    "ReplicaSetSpecTemplateSpecTolerationsItem",
    "ReplicaSetSpecTemplateSpecTolerationsItemEffect",
    "ReplicaSetSpecTemplateSpecTolerationsItemOperator",
    "ReplicaSetSpecTemplateSpecTopologySpreadConstraintsItem",
    "ReplicaSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelector",
    "ReplicaSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItem",
    "ReplicaSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItemOperator",
    "ReplicaSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchLabels",
    "ReplicaSetSpecTemplateSpecTopologySpreadConstraintsItemWhenUnsatisfiable",
    "RestartCommand",
    "RestartCommandType",
    "ResumeCommand",
    "ResumeCommandType",
    "RoleEnum",
    "RosterEntry",
    "RosterEntryAnswers",
    "RunCreateRequest",
    "RunForkRequest",
    "RunOwner",
    "RunPage",
    "RunStatusEnum",
    "RunView",
    "ScaleCommand",
    "ScaleCommandKind",
    "ScaleCommandType",
    "ScenarioDetail",
    "ScenarioDetailSettings",
    "ScenarioPage",
    "ScenarioSummary",
    "ScenarioUpdateRequest",
    "ScenarioUpdateRequestSettings",
    "ScenarioWriteRequest",
    "ScenarioWriteRequestSettings",
    "ScenariosBySlugDaemonsetsBulkPostResponse201",
    "ScenariosBySlugDaemonsetsByNameGetResponse200",
    "ScenariosBySlugDaemonsetsByNamePutResponse200",
    "ScenariosBySlugDaemonsetsByNamespaceByNameGetResponse200",
    "ScenariosBySlugDaemonsetsByNamespaceByNamePutResponse200",
    "ScenariosBySlugDaemonsetsGetResponse200",
    "ScenariosBySlugDaemonsetsPostResponse201",
    "ScenariosBySlugDeploymentsBulkPostResponse201",
    "ScenariosBySlugDeploymentsByNameGetResponse200",
    "ScenariosBySlugDeploymentsByNamePutResponse200",
    "ScenariosBySlugDeploymentsByNamespaceByNameGetResponse200",
    "ScenariosBySlugDeploymentsByNamespaceByNamePutResponse200",
    "ScenariosBySlugDeploymentsGetResponse200",
    "ScenariosBySlugDeploymentsPostResponse201",
    "ScenariosBySlugExportGetFormat",
    "ScenariosBySlugJobsBulkPostResponse201",
    "ScenariosBySlugJobsByNameGetResponse200",
    "ScenariosBySlugJobsByNamePutResponse200",
    "ScenariosBySlugJobsByNamespaceByNameGetResponse200",
    "ScenariosBySlugJobsByNamespaceByNamePutResponse200",
    "ScenariosBySlugJobsGetResponse200",
    "ScenariosBySlugJobsPostResponse201",
    "ScenariosBySlugNamespacesBulkPostResponse201",
    "ScenariosBySlugNamespacesByNameGetResponse200",
    "ScenariosBySlugNamespacesByNamePutResponse200",
    "ScenariosBySlugNamespacesGetResponse200",
    "ScenariosBySlugNamespacesPostResponse201",
    "ScenariosBySlugNodesBulkPostResponse201",
    "ScenariosBySlugNodesByNameGetResponse200",
    "ScenariosBySlugNodesByNamePutResponse200",
    "ScenariosBySlugNodesGetResponse200",
    "ScenariosBySlugNodesPostResponse201",
    "ScenariosBySlugPoddisruptionbudgetsBulkPostResponse201",
    "ScenariosBySlugPoddisruptionbudgetsByNameGetResponse200",
    "ScenariosBySlugPoddisruptionbudgetsByNamePutResponse200",
    "ScenariosBySlugPoddisruptionbudgetsByNamespaceByNameGetResponse200",
    "ScenariosBySlugPoddisruptionbudgetsByNamespaceByNamePutResponse200",
    "ScenariosBySlugPoddisruptionbudgetsGetResponse200",
    "ScenariosBySlugPoddisruptionbudgetsPostResponse201",
    "ScenariosBySlugPodsBulkPostResponse201",
    "ScenariosBySlugPodsByNameGetResponse200",
    "ScenariosBySlugPodsByNamePutResponse200",
    "ScenariosBySlugPodsByNamespaceByNameGetResponse200",
    "ScenariosBySlugPodsByNamespaceByNamePutResponse200",
    "ScenariosBySlugPodsGetResponse200",
    "ScenariosBySlugPodsPostResponse201",
    "ScenariosBySlugPriorityclassesBulkPostResponse201",
    "ScenariosBySlugPriorityclassesByNameGetResponse200",
    "ScenariosBySlugPriorityclassesByNamePutResponse200",
    "ScenariosBySlugPriorityclassesGetResponse200",
    "ScenariosBySlugPriorityclassesPostResponse201",
    "ScenariosBySlugReplicasetsBulkPostResponse201",
    "ScenariosBySlugReplicasetsByNameGetResponse200",
    "ScenariosBySlugReplicasetsByNamePutResponse200",
    "ScenariosBySlugReplicasetsByNamespaceByNameGetResponse200",
    "ScenariosBySlugReplicasetsByNamespaceByNamePutResponse200",
    "ScenariosBySlugReplicasetsGetResponse200",
    "ScenariosBySlugReplicasetsPostResponse201",
    "ScenariosBySlugStatefulsetsBulkPostResponse201",
    "ScenariosBySlugStatefulsetsByNameGetResponse200",
    "ScenariosBySlugStatefulsetsByNamePutResponse200",
    "ScenariosBySlugStatefulsetsByNamespaceByNameGetResponse200",
    "ScenariosBySlugStatefulsetsByNamespaceByNamePutResponse200",
    "ScenariosBySlugStatefulsetsGetResponse200",
    "ScenariosBySlugStatefulsetsPostResponse201",
    "ScenariosGetScope",
    "ScenariosImportPostVisibility",
    "SetNamespaceLabelsCommand",
    "SetNamespaceLabelsCommandLabels",
    "SetNamespaceLabelsCommandType",
    "SetNodeAnnotationsCommand",
    "SetNodeAnnotationsCommandAnnotations",
    "SetNodeAnnotationsCommandType",
    "SetNodeLabelsCommand",
    "SetNodeLabelsCommandLabels",
    "SetNodeLabelsCommandType",
    "SetNodeTaintsCommand",
    "SetNodeTaintsCommandTaintsItem",
    "SetNodeTaintsCommandTaintsItemEffect",
    "SetNodeTaintsCommandType",
    "SetPodAnnotationsCommand",
    "SetPodAnnotationsCommandAnnotations",
    "SetPodAnnotationsCommandType",
    "SetPodLabelsCommand",
    "SetPodLabelsCommandLabels",
    "SetPodLabelsCommandType",
    "SpeedCommand",
    "SpeedCommandType",
    "StatefulSet",
    "StatefulSetApiVersion",
    "StatefulSetKind",
    "StatefulSetMetadata",
    "StatefulSetMetadataAnnotations",
    "StatefulSetMetadataLabels",
    "StatefulSetSpec",
    "StatefulSetSpecPodManagementPolicy",
    "StatefulSetSpecSelector",
    "StatefulSetSpecSelectorMatchExpressionsItem",
    "StatefulSetSpecSelectorMatchExpressionsItemOperator",
    "StatefulSetSpecSelectorMatchLabels",
    "StatefulSetSpecTemplate",
    "StatefulSetSpecTemplateMetadata",
    "StatefulSetSpecTemplateMetadataAnnotations",
    "StatefulSetSpecTemplateMetadataLabels",
    "StatefulSetSpecTemplateSpec",
    "StatefulSetSpecTemplateSpecAffinity",
    "StatefulSetSpecTemplateSpecContainersItem",
    "StatefulSetSpecTemplateSpecContainersItemPortsItem",
    "StatefulSetSpecTemplateSpecContainersItemResources",
    "StatefulSetSpecTemplateSpecContainersItemResourcesLimits",
    "StatefulSetSpecTemplateSpecContainersItemResourcesRequests",
    "StatefulSetSpecTemplateSpecInitContainersItem",
    "StatefulSetSpecTemplateSpecInitContainersItemPortsItem",
    "StatefulSetSpecTemplateSpecInitContainersItemResources",
    "StatefulSetSpecTemplateSpecInitContainersItemResourcesLimits",
    "StatefulSetSpecTemplateSpecInitContainersItemResourcesRequests",
    "StatefulSetSpecTemplateSpecNodeSelector",
    "StatefulSetSpecTemplateSpecOverhead",
    "StatefulSetSpecTemplateSpecPreemptionPolicy",
    "StatefulSetSpecTemplateSpecSchedulingGatesItem",
    "StatefulSetSpecTemplateSpecTolerationsItem",
    "StatefulSetSpecTemplateSpecTolerationsItemEffect",
    "StatefulSetSpecTemplateSpecTolerationsItemOperator",
    "StatefulSetSpecTemplateSpecTopologySpreadConstraintsItem",
    "StatefulSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelector",
    "StatefulSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItem",
    "StatefulSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchExpressionsItemOperator",
    "StatefulSetSpecTemplateSpecTopologySpreadConstraintsItemLabelSelectorMatchLabels",
    "StatefulSetSpecTemplateSpecTopologySpreadConstraintsItemWhenUnsatisfiable",
    "Step",
    "StepCommand",
    "StepCommandType",
    "StopCommand",
    "StopCommandType",
    "Tally",
    "TallyCounts",
    "TimedCommand",
    "TimedCommandCommand",
    "Token",
    "TokenCreateRequest",
    "UncordonCommand",
    "UncordonCommandType",
    "UpdatePdbCommand",
    "UpdatePdbCommandType",
    "UpdatePriorityclassCommand",
    "UpdatePriorityclassCommandType",
    "Variant",
    "ViewEnum",
    "VisibilityEnum",
    "Wait",
    "WaitFailed",
    "WaitFailedErrorsItem",
    "WaitFailedPodType0",
    "WaitPodType0",
    "WorkshopAnswerRequest",
    "WorkshopAskRequest",
    "WorkshopCreateRequest",
    "WorkshopDetail",
    "WorkshopJoinRequest",
    "WorkshopLockRequest",
    "WorkshopPushRequest",
    "WorkshopView",
    "WsTicket",
)
